import { Outlet, ScrollRestoration } from "react-router";

/** The top route: restores scroll positions and hosts the error element. */
export function RootRoute() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
