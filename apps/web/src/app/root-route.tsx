import { Outlet } from "react-router";
import { ScrollRestoration } from "./scroll-restoration.tsx";

/** The top route: restores scroll positions. */
export function RootRoute() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
