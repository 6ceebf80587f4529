import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("register", "routes/register.tsx"),
  route("register/confirm/:token?", "routes/register-confirm.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("media/:file", "routes/media.ts"),
  route("tickets/:token", "routes/ticket.tsx"),
  route("tickets/:token/calendar.ics", "routes/ticket-ics.ts"),
  route("tickets/:token/ticket.png", "routes/ticket-png.ts"),
  route("tickets/:token/cancel", "routes/ticket-cancel.tsx"),
  route("tickets/:token/my-data.json", "routes/ticket-data.ts"),
  route("tickets/:token/delete-my-data", "routes/ticket-erase.tsx"),
  route("waitlist/:token", "routes/waitlist.tsx"),
  route("future-editions/:token", "routes/future-editions.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/two-factor", "routes/admin/login-two-factor.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("attendees", "routes/admin/attendees.tsx"),
      route("attendees/export.csv", "routes/admin/attendees-export.ts"),
      route("attendees/cancelled", "routes/admin/attendees-cancelled.tsx"),
      route("attendees/waitlist", "routes/admin/attendees-waitlist.tsx"),
      route("attendees/held", "routes/admin/attendees-held.tsx"),
      route("attendees/:id", "routes/admin/attendee-details.tsx"),
      route("attendees/:id/data.json", "routes/admin/attendee-data.ts"),
      // Each content list has its add and edit forms as child routes (a modal over the list).
      route("speakers", "routes/admin/speakers.tsx", [
        route("new", "routes/admin/speaker-form.tsx", { id: "speaker-new" }),
        route(":id/edit", "routes/admin/speaker-form.tsx", { id: "speaker-edit" }),
      ]),
      route("special-guests", "routes/admin/special-guests.tsx", [
        route("new", "routes/admin/special-guest-form.tsx", { id: "special-guest-new" }),
        route(":id/edit", "routes/admin/special-guest-form.tsx", { id: "special-guest-edit" }),
      ]),
      route("agenda", "routes/admin/agenda.tsx", [
        route("new", "routes/admin/agenda-form.tsx", { id: "agenda-new" }),
        route(":id/edit", "routes/admin/agenda-form.tsx", { id: "agenda-edit" }),
      ]),
      route("partners", "routes/admin/partners.tsx", [
        route("new", "routes/admin/partner-form.tsx", { id: "partner-new" }),
        route(":id/edit", "routes/admin/partner-form.tsx", { id: "partner-edit" }),
      ]),
      route("operations", "routes/admin/operations.tsx"),
      route("operations/preview/:template", "routes/admin/email-preview.ts"),
      route("operations/badges.pdf", "routes/admin/badges.ts"),
      route("check-in", "routes/admin/check-in.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("activity", "routes/admin/activity.tsx"),
      route("security", "routes/admin/security.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
