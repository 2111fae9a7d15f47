/**
 * Drizzle relations, all in one place: only the relational query API reads them (the repos write
 * their joins by hand), and keeping them here leaves each table file importing only what its
 * foreign keys reference.
 */
import { relations } from "drizzle-orm";
import { addresses } from "./addresses";
import { categories } from "./categories";
import { media } from "./media";
import { orderItems, orders, payments } from "./orders";
import { productGallery, products, productVariants } from "./products";
import { reviews } from "./reviews";
import { sessions, users } from "./users";

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  addresses: many(addresses),
  reviews: many(reviews),
  orders: many(orders),
  payments: many(payments),
  uploads: many(media),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  user: one(users, { fields: [payments.userId], references: [users.id] }),
  order: one(orders, {
    fields: [payments.orderId],
    references: [orders.id],
    relationName: "payment_order",
  }),
}));

export const mediaRelations = relations(media, ({ one, many }) => ({
  uploader: one(users, { fields: [media.uploadedBy], references: [users.id] }),
  galleries: many(productGallery),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  items: many(orderItems),
  // The payment that paid the order (set once it is completed).
  payment: one(payments, {
    fields: [orders.paymentId],
    references: [payments.id],
    relationName: "order_payment",
  }),
  // Every payment attempt made for the order.
  payments: many(payments, { relationName: "payment_order" }),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
  variant: one(productVariants, { fields: [orderItems.variantId], references: [productVariants.id] }),
}));

export const productVariantsRelations = relations(productVariants, ({ one, many }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
  orderItems: many(orderItems),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  thumbnail: one(media, { fields: [products.thumbnailId], references: [media.id] }),
  gallery: many(productGallery),
  reviews: many(reviews),
  orderItems: many(orderItems),
  variants: many(productVariants),
}));

export const productGalleryRelations = relations(productGallery, ({ one }) => ({
  product: one(products, { fields: [productGallery.productId], references: [products.id] }),
  media: one(media, { fields: [productGallery.mediaId], references: [media.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  products: many(products),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
}));
