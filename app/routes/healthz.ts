// Placeholder: helper C implements GET /healthz here.
export function loader() {
  return Response.json({ status: "ok" });
}
