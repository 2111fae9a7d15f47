/**
 * Who may call each operation of the OpenAPI document (docs/design.md section 5): the one table the
 * authorization matrix and the generated-input suite both read. An operation missing from it fails
 * the matrix, so a new endpoint cannot ship without a decision.
 */

/**
 * public: anyone · user: any signed-in active user · owner: a signed-in user acting on a resource of
 * their own (OWNED in authorization.test.ts says what another shopper and staff get) · staff: admin
 * or manager · admin: admin only · webhook: signature, not session
 */
export type Access = "public" | "user" | "owner" | "staff" | "admin" | "webhook";

export const ACCESS: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/config": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "public",
  "GET /api/users/current-user": "user",
  "PATCH /api/users/current-user": "user",
  "DELETE /api/users/current-user": "user",
  "PATCH /api/users/current-user/password": "user",
  "GET /api/users/customers": "admin",
  "GET /api/users/{userId}": "admin",
  "PATCH /api/users/{userId}": "admin",
  "PATCH /api/users/user/{userId}/status": "admin",
  "GET /api/users/admin": "staff",
  "GET /api/users/current-user/addresses": "owner",
  "POST /api/users/current-user/addresses": "user",
  "PUT /api/users/current-user/addresses/{id}": "owner",
  "DELETE /api/users/current-user/addresses/{id}": "owner",
  "PATCH /api/users/current-user/avatar": "user",
  "POST /api/media": "staff",
  "GET /api/media": "staff",
  "GET /api/media/gallery": "public",
  "GET /api/media/{id}": "public",
  "DELETE /api/media/{id}": "staff",
  "POST /api/categories": "staff",
  "GET /api/categories": "public",
  "GET /api/categories/{id}": "public",
  "GET /api/categories/slug/{slug}": "public",
  "GET /api/categories/id/{id}/products": "public",
  "GET /api/categories/slug/{slug}/products": "public",
  "GET /api/products": "public",
  "POST /api/products": "staff",
  "GET /api/products/on-sale": "public",
  "GET /api/products/inactive": "staff",
  "GET /api/products/{productId}": "public",
  "DELETE /api/products/{productId}": "staff",
  "PUT /api/products/{productId}": "staff",
  "PATCH /api/products/{productId}": "staff",
  "GET /api/products/{productId}/reviews": "public",
  "DELETE /api/products/{productId}/reviews": "owner",
  "POST /api/products/{productId}/reviews": "user",
  "PUT /api/products/{productId}/reviews/{reviewId}": "owner",
  "POST /api/orders": "owner",
  "GET /api/orders": "staff",
  "GET /api/orders/current-user": "owner",
  "GET /api/orders/current-user/{orderId}": "owner",
  "PATCH /api/orders/{orderId}/cancel": "owner",
  "GET /api/orders/status/{status}": "staff",
  "GET /api/orders/{orderId}": "staff",
  "PATCH /api/orders/{orderId}/update": "staff",
  "GET /api/payments/paypal": "public",
  "POST /api/payments/paypal/orders": "owner",
  "POST /api/payments": "owner",
  "GET /api/payments": "admin",
  "POST /api/payments/paypal/webhook": "webhook",
  "GET /api/payments/status/{status}": "admin",
  "GET /api/payments/{id}": "admin",
  "GET /api/stats/sales": "staff",
};
