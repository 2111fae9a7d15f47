/** The dashboard's customers. */

/** "an admin", "a manager", "a customer": a role with its article. */
export function withArticle(role: string): string {
  return /^[aeiou]/i.test(role) ? `an ${role}` : `a ${role}`;
}

/** The dashboard's customer page (GET /api/users/{userId}/summary). */
export const customerPage = {
  loading: "Loading customer...",
  joined: "Joined",
  active: "Active",
  inactive: "Inactive",
  email: "Email",
  role: "Role",
  addresses: "Addresses",
  noAddresses: "No saved addresses.",
  orders: "Orders",
  noOrders: "No orders yet.",
  netSpend: "Net spend",
  netSpendHint: "Payments taken minus refunds.",
  orderCount: "Paid orders",
  averageOrder: "Average order",
  firstOrder: "First order",
  lastOrder: "Last order",
  none: "—",
  notes: "Notes",
  noNotes: "No notes yet.",
  noteLabel: "Add a note",
  noteHint: "Only staff see notes; notes cannot be edited or removed.",
  addNote: "Add note",
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  changeRole: "Change role",
  /** The role change's confirmation names it: "Make Priya Shah an admin?". */
  confirmRole: (name: string, role: string) => `Make ${name} ${withArticle(role)}?`,
  confirmRoleButton: (role: string) => `Make ${withArticle(role)}`,
  /** A row of the customers list, named from its visible name: "Priya Shah — open customer". */
  openCustomer: (name: string) => `${name} — open customer`,
  noteAdded: "Note added to the customer.",
  /** The customer's cash on delivery bar (a COD parcel of theirs came back refused). */
  codBarTitle: "Cash on delivery barred",
  codBar: (reason: string, date: string) => `${reason} on ${date}: this customer pays online.`,
  codBarOrder: (number: number) => `Order #${number}`,
  liftCodBar: "Lift",
  liftCodBarTitle: "Offer cash on delivery again?",
  liftCodBarQuestion: (name: string) => `${name} will be offered cash on delivery again at checkout.`,
  codBarLifted: "Cash on delivery is offered to this customer again.",
  notFound: "This customer does not exist.",
} as const;
