import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("register", "routes/register.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("media/:file", "routes/media.ts"),
  route("tickets/:token", "routes/ticket.tsx"),
  route("tickets/:token/calendar.ics", "routes/ticket-ics.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("attendees", "routes/admin/attendees.tsx"),
      route("attendees/export.csv", "routes/admin/attendees-export.ts"),
      route("attendees/:id", "routes/admin/attendee-details.tsx"),
      route("speakers", "routes/admin/speakers.tsx"),
      route("special-guests", "routes/admin/special-guests.tsx"),
      route("agenda", "routes/admin/agenda.tsx"),
      route("partners", "routes/admin/partners.tsx"),
      route("operations", "routes/admin/operations.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("activity", "routes/admin/activity.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
