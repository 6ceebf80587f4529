import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("register", "routes/register.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("tickets/:token", "routes/ticket.tsx"),
  route("tickets/:token/calendar.ics", "routes/ticket-ics.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
