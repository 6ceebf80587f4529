// A form post's fields, or a 400 when the body is not a form at all (a JSON or XML body, a
// broken multipart boundary, an unreadable stream): a client's mistake, never a server error.
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
