/**
 * The router and the data layer on their own: main.tsx evaluates this module after Preact
 * (app/runtime.ts) and before the app (app/start.tsx), each in a task of its own, so that no one
 * task evaluates all the first load's code (on a slow phone, over 100 ms). Re-exported rather than
 * imported for effect: both packages declare no side effects, and a bare import of them is dropped.
 */

export { QueryClient, QueryClientProvider } from "@tanstack/react-query";
export { createBrowserRouter, RouterProvider } from "react-router";
