import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BUTTON } from "~/ui/styles";

// The door's camera: reads ticket QR codes from the phone's back camera. The camera is
// asked for only when the organiser presses Start, and its picture takes room only then. Codes are read by the browser's own
// BarcodeDetector where it has one (Chrome on Android), else by jsQR on a downscaled
// frame (Safari on iOS, desktop Chrome on Linux), loaded only then. The same code is
// reported once while it stays in view, and again after another code or a few seconds out of view.

type DetectedCode = { rawValue: string };
type Detector = { detect(source: CanvasImageSource): Promise<DetectedCode[]> };
type DetectorConstructor = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

const SCAN_INTERVAL_MS = 120;
const SAME_CODE_QUIET_MS = 4000;
const MAX_FRAME_SIDE = 640;

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

async function nativeReader(): Promise<Reader | null> {
  const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (!BarcodeDetector) return null;
  try {
    const formats = (await BarcodeDetector.getSupportedFormats?.()) ?? ["qr_code"];
    if (!formats.includes("qr_code")) return null;
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrReader(): Promise<Reader> {
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** Why the camera did not start, as a key of the door's catalogue. */
function cameraMessage(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "camera.notAllowed";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "camera.notFound";
  if (!globalThis.isSecureContext) return "camera.httpsOnly";
  return "camera.failed";
}

export function QrScanner({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const { t } = useTranslation("door");
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const last = useRef<{ text: string; at: number } | null>(null);
  const [state, setState] = useState<"idle" | "starting" | "scanning" | "error">("idle");
  const [error, setError] = useState("");
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setState("idle");
  }, []);

  const start = useCallback(async () => {
    setState("starting");
    setError("");
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play();
      }
      setState("scanning");
    } catch (failure) {
      stop();
      setError(cameraMessage(failure));
      setState("error");
    }
  }, [stop]);

  useEffect(() => {
    if (state !== "scanning") return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const read = (await nativeReader()) ?? (await jsqrReader());
      const tick = async () => {
        if (cancelled) return;
        if (!pausedRef.current && video.current && video.current.readyState >= 2) {
          const text = await read(video.current).catch(() => null);
          const now = Date.now();
          const repeat = last.current && last.current.text === text && now - last.current.at < SAME_CODE_QUIET_MS;
          // Seen again: still in view, so it counts from now. A code held up for ten seconds is
          // reported once, and again only after it was out of view for the quiet time.
          if (text && last.current?.text === text) last.current.at = now;
          if (text && !repeat && !cancelled) {
            last.current = { text, at: now };
            onCodeRef.current(text);
          }
        }
        timer = setTimeout(tick, SCAN_INTERVAL_MS);
      };
      await tick();
    })();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [state]);

  useEffect(() => stop, [stop]);
  const open = state === "starting" || state === "scanning";

  return (
    <div className="space-y-3">
      {/* Only while the camera is on: idle, the door's typed field and answer keep the screen. */}
      <div className={`relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-gray-900 ${open ? "" : "hidden"}`}>
        <video ref={video} muted playsInline className={`h-full w-full object-cover ${state === "scanning" ? "" : "hidden"}`} />
        {state === "scanning" ? (
          <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-2xl border-4 border-white/80" />
        ) : (
          <div className="flex h-full items-center justify-center p-6 text-center text-sm text-gray-200">{t("camera.starting")}</div>
        )}
      </div>
      {open ? null : <p className="text-sm text-gray-600">{t("camera.point")}</p>}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t(error)}
        </p>
      ) : null}
      {state === "scanning" ? (
        <button type="button" onClick={stop} className={`${BUTTON.secondary} w-full`}>
          {t("camera.stop")}
        </button>
      ) : (
        <button type="button" onClick={start} disabled={state === "starting"} className={`${BUTTON.primary} w-full py-3 text-base`}>
          {t("camera.start")}
        </button>
      )}
    </div>
  );
}
