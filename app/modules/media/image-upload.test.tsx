import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ImageUpload } from "./image-upload";
import { UPLOAD_HINT, UPLOAD_MESSAGES } from "./upload-rules";

const ID = "a".repeat(64);
type Props = Partial<Parameters<typeof ImageUpload>[0]>;
// The field needs a data router (it reads the navigation state); the stub renders it with these props.
let rendered: Props = {};
function Page() {
  return <ImageUpload label="Photo" fileName="image_file" urlName="image_url" currentUrl="" {...rendered} />;
}
const Stub = createRoutesStub([{ path: "/", Component: Page }]);
function render(props: Props = {}): string {
  rendered = props;
  return renderToString(<Stub />);
}

/** The attributes of each <tag> in the markup, in any order. */
function elements(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((m) =>
    Object.fromEntries([...(m[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ""])),
  );
}
const fileInput = (html: string) => elements(html, "input").find((input) => input.type === "file");

// What the server sends, and what works before (or without) JavaScript.
describe("ImageUpload without JavaScript", () => {
  it("is a labelled file input with the hint, posting the kept URL beside it", () => {
    const html = render({ currentUrl: `/media/${ID}.webp` });
    expect(html).toContain("<legend");
    const file = fileInput(html);
    expect(file).toMatchObject({ name: "image_file", accept: "image/jpeg,image/png,image/webp" });
    expect(elements(html, "label").some((label) => label.for === file?.id)).toBe(true);
    expect(html).toContain(UPLOAD_HINT);
    expect(elements(html, "input")).toContainEqual({ type: "hidden", name: "image_url", value: `/media/${ID}.webp` });
    expect(elements(html, "img")[0]?.src).toBe(`/media/${ID}.webp?w=160`);
    expect(elements(html, "input")).toContainEqual(expect.objectContaining({ type: "checkbox", name: "remove_image_url" }));
    expect(html).toMatch(/name="remove_image_url"[^>]*\/>Remove image<\/label>/);
    expect(html).not.toContain("Drop an image here");
  });

  it("shows an external image as it is, a placeholder when there is none, and nothing to remove then", () => {
    expect(elements(render({ currentUrl: "https://example.org/logo.png", shape: "square" }), "img")[0]?.src).toBe(
      "https://example.org/logo.png",
    );
    const empty = render();
    expect(empty).not.toContain("<img");
    expect(empty).not.toContain("remove_image_url");
    expect(elements(empty, "input")).toContainEqual({ type: "hidden", name: "image_url", value: "" });
  });

  it("announces the error and links it to the input", () => {
    const html = render({ error: UPLOAD_MESSAGES.wrongType });
    const errorId = /<p id="([^"]+)" role="alert"[^>]*>Only JPEG, PNG, and WebP images are allowed<\/p>/.exec(html)?.[1];
    expect(errorId).toBeDefined();
    expect(fileInput(html)?.["aria-describedby"]?.split(" ")).toContain(errorId);
    expect(fileInput(html)?.["aria-invalid"]).toBe("true");
  });

  it("previews a wide picture at its proportions and says what it is for, before the rules", () => {
    const html = render({ currentUrl: `/media/${ID}.webp`, shape: "wide", description: "Shown with shared links." });
    expect(elements(html, "img")[0]).toMatchObject({ width: "153", height: "80" });
    expect(html).toContain(`Shown with shared links. ${UPLOAD_HINT}.`);
  });

  it("a required image cannot be removed, and must be chosen only while there is none", () => {
    const withImage = render({ required: true, currentUrl: `/media/${ID}.webp` });
    expect(withImage).not.toContain("remove_image_url");
    expect(fileInput(withImage)).not.toHaveProperty("required");
    expect(fileInput(render({ required: true }))).toHaveProperty("required");
  });
});
