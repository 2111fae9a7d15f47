/** The shopper's account: notes on the account pages and two-step sign-in. */

/** The pay and profile pages: notes and confirmations SPEC leaves to us. */
export const accountNotes = {
  testMode:
    "No real money is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card, with any future expiry and any CVC.",
  orderCancelled: "This order has been cancelled and can no longer be paid.",
  confirmCancelOrder: "Cancel this order? Its products go back in stock and it can no longer be paid.",
  profileUpdated: "Your profile has been updated.",
  addressAdded: "Address added successfully.",
  addressDeleted: "Address deleted successfully.",
  addressUpdated: "Address updated successfully.",
  currentPasswordForEmail: "Needed only to change your email.",
  confirmCloseAccount:
    "Closing your account signs you out everywhere and removes your name, email, picture and addresses. Orders already placed are kept for our records. This cannot be undone.",
  accountClosed: "Your account has been closed.",
  closeAccountSummary: "Your orders are kept; everything else about you goes.",
  confirmDeleteAddress: "Delete this address? Orders already placed keep their delivery address.",
  /** The orders page (/account/orders), its links in the account menus and on the profile. */
  myOrders: "My orders",
  /** The account menus' link to the orders page, as SPEC section 2 names it. */
  myOrdersMenu: "My Orders",
  /** On the profile, beside its latest orders: the orders page. */
  allOrders: "See all orders",
} as const;

/** Two-step sign-in (TOTP), the sessions of an account, and their pages. */
export const twoFactor = {
  required: "Enter the 6-digit code from your authenticator app.",
  badCode: "That code is not right or was already used. Enter the current code from your authenticator app.",
  badRecoveryCode: "That recovery code is not right or was already used.",
  setupRequired:
    "The shop requires two-step sign-in for staff. Set it up on your profile page to use the dashboard.",
  alreadyOn: "Two-step sign-in is already on. Turn it off first to set it up again.",
  notPending: "Start the set-up of two-step sign-in first.",
  codeFormat: "Enter the 6 digits of the code.",
  recoveryCodeFormat: "Enter a recovery code.",
  setupStarted: "Scan the QR code, then enter a code to turn two-step sign-in on.",
  enabled: "Two-step sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-step sign-in is off.",
  otherSessionsEnded: "You are signed out of every other session.",
  /** A change that asks for a code again (roles, webhooks, payment and tax settings, refunds). */
  freshStepRequired: "Enter a code from your authenticator app to continue.",
  verified: "Code accepted.",
  page: {
    title: "Two-step sign-in",
    on: "On: signing in asks for a code from your authenticator app.",
    off: "Off: signing in takes only your password.",
    requiredForStaff: "The shop requires two-step sign-in for staff accounts.",
    setUp: "Set up two-step sign-in",
    scan: "Scan this QR code with your authenticator app, or enter the key by hand.",
    qrAlt: "QR code to add this account to an authenticator app",
    manualKey: "Key for manual entry",
    code: "6-digit code",
    turnOn: "Turn on",
    cancel: "Cancel",
    turnOff: "Turn off two-step sign-in",
    turnOffPassword: "Current password",
    recoveryTitle: "Your recovery codes",
    recoveryHint:
      "Each code signs you in once if you lose your phone. They are shown only now: copy them somewhere safe.",
    copy: "Copy the codes",
    copied: "Copied",
    done: "I have saved them",
    loginCode: "Enter the 6-digit code from your authenticator app",
    loginRecoveryCode: "Recovery code",
    useRecoveryCode: "Use a recovery code",
    useAppCode: "Use a code from your app",
    verify: "Verify",
    /** Under the code step's title: whose password was right. */
    signingInAs: (email: string) => `Signing in as ${email}.`,
    otherAccount: "Use another account",
    sessionsTitle: "Sessions",
    sessionsHint: "Signed in on another device you no longer use? End those sessions here.",
    signOutOthers: "Sign out of all other sessions",
    /** The dialog a dashboard change opens when it asks for a code again. */
    freshStepTitle: "Confirm it is you",
    confirm: "Continue",
  },
} as const;
