import { describe, expect, it } from "vitest";
import { megabytes, SHRINK_MAX_SIDE, shrinkNote, shrunkSize } from "./shrink-image";
import { checkImageFile, checkImageType, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./upload-rules";

// The pure half of shrinking a photo before upload; the browser half (canvas, EXIF orientation,
// the file put back into the input) is exercised in tests/e2e/admin-uploads.spec.ts.

describe("shrunkSize", () => {
  it("brings the longest side of a phone photo down to 2,000 px, landscape or portrait, proportions kept", () => {
    expect(SHRINK_MAX_SIDE).toBe(2000);
    expect(shrunkSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
    expect(shrunkSize(4624, 3472)).toEqual({ width: 2000, height: 1502 });
    expect(shrunkSize(9000, 9000)).toEqual({ width: 2000, height: 2000 });
  });

  it("leaves an image alone whose longest side is already at most the limit", () => {
    expect(shrunkSize(2000, 1200)).toBeNull();
    expect(shrunkSize(1650, 1300)).toBeNull();
    expect(shrunkSize(1, 1)).toBeNull();
  });

  it("keeps at least one pixel of a very thin image, and refuses sizes that are not sizes", () => {
    expect(shrunkSize(20_000, 3)).toEqual({ width: 2000, height: 1 });
    expect(shrunkSize(0, 3000)).toBeNull();
    expect(shrunkSize(Number.NaN, 3000)).toBeNull();
    expect(shrunkSize(-4000, 3000)).toBeNull();
  });

  it("takes another limit", () => {
    expect(shrunkSize(4000, 3000, 1000)).toEqual({ width: 1000, height: 750 });
  });
});

describe("the note", () => {
  it("counts megabytes as the 5 MB rule does", () => {
    expect(megabytes(MAX_UPLOAD_BYTES)).toBe("5.0 MB");
    expect(shrinkNote(12.3 * 1024 * 1024, 0.8 * 1024 * 1024)).toBe("Shrunk from 12.3 MB to 0.8 MB");
  });
});

describe("the rules before and after shrinking", () => {
  it("judges the type before shrinking and the size of what is sent", () => {
    const big = 12 * 1024 * 1024;
    expect(checkImageType({ type: "image/jpeg" })).toBeNull();
    expect(checkImageType({ type: "image/gif" })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(checkImageType({ type: "text/plain" })).toBe(UPLOAD_MESSAGES.notImage);
    expect(checkImageFile({ type: "image/jpeg", size: big })).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(checkImageFile({ type: "image/jpeg", size: MAX_UPLOAD_BYTES })).toBeNull();
  });
});
