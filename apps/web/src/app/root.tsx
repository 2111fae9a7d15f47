import { Outlet, ScrollRestoration } from "react-router";

/** The root route: every navigation to a new page starts at its top; back and forward restore the position. */
export function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
