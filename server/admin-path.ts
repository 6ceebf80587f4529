// The organisers' pages and their data requests (/admin, /admin/…, /admin.data): they hold
// personal data and may use the camera, and they get a load-shedding lane of their own.
const ADMIN_PATH = /^\/admin(?:[/.]|$)/;

export function isAdminPath(path: string): boolean {
  return ADMIN_PATH.test(path);
}
