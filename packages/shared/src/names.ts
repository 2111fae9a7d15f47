/** People's names as the shop writes them. */

/** "Asha Admin": a person's first name, then their last, as staff, shoppers and addresses are named. */
export function fullName(name: { readonly firstName: string; readonly lastName: string }): string {
  return `${name.firstName} ${name.lastName}`.trim();
}
