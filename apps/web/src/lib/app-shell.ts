/**
 * The markup index.html draws in #root before the app's code runs (the header bar as it first
 * looks), read before the app's first render replaces it: the router shows it again while the code
 * of a first page is still loading, so the page does not go blank in between.
 */
export const APP_SHELL_HTML =
  typeof document === "undefined" ? "" : (document.getElementById("root")?.innerHTML ?? "");
