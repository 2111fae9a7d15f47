/** Forms: each field's validation messages (SPEC section 5), the form-level errors, field hints. */

/** Field-level validation messages (SPEC section 5). */
export const validation = {
  email: "This email is not valid.",
  password: "Password is not acceptable.",
  passwordWeak: "Please choose a stronger password.",
  required: "This is required.",
  minLength: (n: number) => `This must be ${n} character${n === 1 ? "" : "s"} or more.`,
  maxLength: (n: number) => `This must be ${n} character${n === 1 ? "" : "s"} or less.`,
  number: "This must be a number.",
  min: (x: number) => `This cannot be less than ${x}.`,
  max: (x: number) => `This cannot be more than ${x}.`,
  id: "This is not a valid id.",
  oneOf: (options: readonly string[]) => `This must be one of the following: ${options.join(", ")}.`,
  notAnOption: "This is not an acceptable option.",
  /** A parcel marked returned to origin says why (refused, unreachable, wrong_address or other). */
  rtoReason: "Choose why the parcel came back.",
  object: "This must be an object.",
  firstName: "First name is not acceptable.",
  lastName: "Last name is not acceptable.",
  name: "Name must include first name and last name.",
  phoneNumber: "Phone number is not valid",
  countryCode: "Country code is not valid.",
  building: "Building is not valid.",
  street: "Street is not valid.",
  city: "City is not valid.",
  state: "State is not valid.",
  pinCode: "PIN code is not valid.",
  /** A field of an address shorter than its minimum: "Building: at least 10 characters.". */
  atLeast: (field: string, n: number, unit = "characters") => `${field}: at least ${n} ${unit}.`,
  /** A PIN code whose India Post zones lie in other states than the address's state. */
  pinCodeOtherState: (pinCode: string, zoneStates: readonly string[], state: string) =>
    `PIN code ${pinCode} is in ${zoneStates.join(" or ")}, not in ${state}.`,
  country: "Country is not valid.",
  categoryName: "Category name is not valid.",
  categorySlug: "Category slug is not valid.",
  productName: "Product name is not valid.",
  productDescription: "Product description is not valid.",
  salePriceBelowPrice: "The sale price must be lower than the price.",
  optionNameRepeated: "Each option needs a different name.",
  optionValueRepeated: "Each value of an option must be different.",
  variantsRequired: "A product with options needs at least one variant.",
  variantOptions: "A variant takes exactly one value of every option.",
  variantRepeated: "Another variant has the same options.",
  sku: "A SKU is 1 to 64 letters, digits, dashes, underscores or dots.",
  skuRepeated: "Each variant needs its own SKU.",
  /** An order line for a product with options that names no variant: 'Please choose a Size.' */
  chooseOption: (name: string) => `Please choose a ${name}.`,
  /** A list filter's `option` parameter that is not `Name:Value`. */
  optionFilter: "This must be an option name and value, such as Size:M.",
  /** A price range whose lowest price is above its highest. */
  priceRange: "The lowest price cannot be more than the highest.",
  variantOfOtherProduct: "This is not a variant of this product.",
  reviewTitle: "Title is not valid.",
  reviewRating: "This must be a number between 1 and 5.",
  reviewComment: "Comment is not valid.",
  loginPassword: "Invalid password.",
  oldPassword: "Old password is invalid",
  passwordsDoNotMatch: "Passwords do not match.",
  orderStatusMissing: "Order ID or status is missing.",
  orderProducts: "At least one product is required to place an order.",
  selectFile: "Please select a file to upload.",
  cardNumber: "Card number is not valid.",
  cardExpiry: "Expiry date is not valid (MM/YY).",
  cardCvc: "CVC is not valid.",
  cardExpired: "This card has expired.",
  /** An id Razorpay Checkout handed back ("order_…", "pay_…") that is not of its form. */
  razorpayId: "This is not a Razorpay id.",
  unknownField: "This field is not allowed.",
  discountCode: "A code is 3 to 32 letters, digits, dashes or underscores.",
  discountPercentage: "A percentage is a whole number from 1 to 100.",
  discountAmount: "The amount off must be more than 0.",
  discountDates: "The end must be after the start.",
  discountDate: "This is not a valid date and time.",
  discountCategories: "Choose at least one category.",
  discountProducts: "Choose at least one product.",
  /** Money in dollars and cents: a refund's amount. */
  cents: "This must be an amount with at most 2 decimals.",
  refundAmount: "The amount must be at least 0.01.",
  /** A split refund's store credit part: at least 0.01, and less than the whole (the rest goes to the payment). */
  refundSplitPart: "Enter the part that goes to store credit: at least 0.01 and less than the refund.",
  /** A store credit part sent with a refund that is not split. */
  refundSplitOnly: "A store credit part goes only with a refund split between the payment and store credit.",
  /** A day of an orders list's date range. */
  date: "This must be a date as YYYY-MM-DD.",
  dateRange: "The end date cannot be before the start date.",
  reportTooLong: (days: number) => `A report covers at most ${days} days.`,
  /** The shop's settings (dashboard Settings). */
  gstin: "A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character.",
  /** A GSTIN of the right shape whose check character does not follow from the others (a typo). */
  gstinCheck: "This GSTIN's last character does not match the others. Please check it for a typo.",
  /** A GSTIN whose first two digits are no Indian state's code. */
  gstinStateCode: "A GSTIN starts with the code of an Indian state, such as 27 for Maharashtra.",
  /** An address's GSTIN registered in another state than the address's. */
  gstinOtherState: (state: string, code: string) => `A GSTIN registered in ${state} starts with ${code}.`,
  /** An address with a GSTIN: the business's legal name, as its registration gives it. */
  legalNameRequired: "Enter the business's legal name, as its GST registration gives it.",
  /** A category's HSN description: what the offline tool's table 12 accepts. */
  hsnDescription: "An HSN description is at most 30 characters of letters, digits, spaces and _ @ . / & -.",
  /** A category's HSN description without its HSN code. */
  hsnDescriptionWithoutCode: "Give the HSN code this description is for.",
  /** A product's unit of quantity. */
  uqc: "Choose a unit from the list.",
  utcOffset: "The offset from UTC is written as +05:30 or -04:00.",
  currencyCode: "This is not a currency code the shop can use (three letters, such as INR or USD).",
  locale: "This is not a locale the shop can write amounts in (such as en-IN or en-US).",
  hsnCode: "An HSN code is 4, 6 or 8 digits.",
  /** A rate by price (a category's or product's GST slabs). */
  taxSlabsCount: (max: number) => `A rate by price has 2 to ${max} slabs.`,
  taxSlabsOrder: "Each slab's limit must be above the one before it; only the last slab has no limit.",
  shippingStates: "Choose at least one state, or serve every state.",
  shippingMethodEnabled: "Keep at least one shipping method enabled.",
  shippingMethodNames: "Each shipping method needs a different name.",
  /** A carrier's tracking link template (settings). */
  trackingUrl: "A tracking link is an https:// address containing {number}.",
  carrierNames: "Each carrier needs a different name, and not Other.",
  /** A parcel sent with the carrier Other: its tracking, history and emails name the carrier given here. */
  carrierName: "Enter the carrier's name.",
  /** The settings' order of payment methods names one twice. */
  paymentMethodRepeated: "Each payment method is listed once.",
  /** The settings' order of payment methods names a provider the server has no keys for. */
  paymentMethodNotConfigured: "This payment method is not configured on this shop.",
  /** The PIN codes cash on delivery is refused for name one twice. */
  pincodeRepeated: (pincode: string) => `PIN code ${pincode} is listed twice.`,
  /** A shipment's lines name each order line once. */
  shipmentLinesUnique: "Name each line of the order once.",
  returnLines: "Choose at least one item to return.",
  adjustmentZero: "The change must be a whole number other than 0.",
  /** A count (units, days, a stock change) given with a fraction. */
  wholeNumber: "Enter a whole number.",
  /** A list's `after` cursor that is not one the list gave (edited, cut short, another list's). */
  cursor: "This page link is no longer valid. Go back to the first page.",
} as const;

/** Form-level messages shown when a whole form is refused. */
export const formErrors = {
  category: "Some fields are invalid. Please check the form and try again.",
  product: "Some fields are invalid, please try again.",
  review: "Some required fields are missing.",
  register: "Some fields are invalid. Please check your inputs and try again.",
  changePassword: "Passwords are incorrect.",
  profile: "Please fill in all the details correctly.",
  invalidInput: "Some fields are invalid. Please check your inputs and try again.",
  resetPassword: "The password could not be reset. Please check your inputs and try again.",
  discount: "Some fields are invalid. Please check the form and try again.",
} as const;

/** A money field's label with the sign of the currency it is typed in: "Price (₹)", "Amount off ($)". */
export const inCurrency = (label: string, symbol: string) => `${label} (${symbol})`;

/** Guidance shown beside form fields before anything is wrong. */
export const hints = {
  /** The first option of a state select, before one is chosen. */
  chooseState: "Choose a state",
  gstinOptional: "GSTIN (optional)",
  gstin: "For a GST invoice to your business: 15 characters, such as 27AAPFU0939F1ZV.",
  legalName: "Business legal name",
  /** The placeholder of an address's phone field: how it may be typed. */
  phoneNumber: "10 digits, such as 98450 12345",
  /** Under the PIN code field: the state follows it. */
  pinCode: "6 digits: the state is filled in from it.",
  /** Under the legal name field of an address. */
  legalNameHint: "Needed with a GSTIN: the invoice is made out to the business under this name.",
  /** Under the state select of an address saved with a state that is none of the list. */
  stateWas: (typed: string) => `Saved as "${typed}": choose its state from the list.`,
  password: "At least 6 characters, with a letter, a number and one of @ $ ! % * # ? &.",
  /** A number field's limits, from its schema, said before they bite: "From 10 to 10,080.". */
  numberRange: (min: number, max: number) =>
    `From ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}.`,
  numberAtLeast: (min: number) => `At least ${min.toLocaleString("en-US")}.`,
  numberAtMost: (max: number) => `At most ${max.toLocaleString("en-US")}.`,
  searchEmpty: "Check the spelling, or try a shorter or more general word.",
} as const;
