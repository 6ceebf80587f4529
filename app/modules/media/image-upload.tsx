import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useDropzone } from "react-dropzone";
import { useNavigation } from "react-router";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import { useHydrated } from "~/ui/use-hydrated";
import { mediaSrc } from "./media-url";
import { shrinkImage, shrinkNote } from "./shrink-image";
import { ACCEPTED_IMAGE_TYPES, checkImageFile, checkImageType, UPLOAD_HINT, UPLOAD_MESSAGES } from "./upload-rules";

// The one image field of every content form (photos, logos). It posts two things: the file input
// `fileName` (a new image, or nothing) and the hidden `urlName` (the image kept when no file is sent,
// "" once removed); the server's resolveImage turns them into the URL to save. Without JavaScript it
// is a plain file input and a 'Remove image' checkbox (`remove_<urlName>`); with it, a drop zone that
// shrinks a large photo (shrink-image.ts), checks the file and previews it before anything is
// posted. The enclosing form posts multipart/form-data.

/** For the file picker: the accepted types without the "image/jpg" alias. */
const ACCEPT = ACCEPTED_IMAGE_TYPES.filter((type) => type !== "image/jpg").join(",");

function previewSource(url: string): string {
  return mediaSrc(url, 160);
}

/** Puts exactly this file (or none) into the input, so the form posts what the preview shows. */
function setInputFile(input: HTMLInputElement | null, file: File | null) {
  if (!input) return;
  if (!file) {
    input.value = "";
    return;
  }
  if (input.files?.length === 1 && input.files[0] === file) return;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
}

export function ImageUpload(props: {
  label: string;
  fileName: string;
  urlName: string;
  currentUrl: string;
  error?: string;
  required?: boolean;
  /** the preview's frame: a portrait, a logo, a wide picture (the share image), or a signature (wide, shown whole) */
  shape?: "circle" | "square" | "wide" | "signature";
  /** what the field is for, under the upload rules */
  description?: string;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // The URL kept when no file is posted; a new currentUrl (the form re-rendered) starts over.
  const [keptUrl, setKeptUrl] = useState(props.currentUrl);
  const [chosen, setChosen] = useState<File | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // Once the admin picks or removes an image, the server's error about the last post is stale.
  const [edited, setEdited] = useState(false);
  const [shownFor, setShownFor] = useState(props.currentUrl);
  if (shownFor !== props.currentUrl) {
    setShownFor(props.currentUrl);
    setKeptUrl(props.currentUrl);
    setChosen(null);
    setClientError(null);
    setEdited(false);
  }

  // Once this form's post is answered, the server's error (props.error) is what counts again.
  const navigation = useNavigation();
  // Until idle: the action's answer (props.error) arrives with the revalidation that follows it.
  const posting = navigation.state !== "idle" && navigation.formData?.has(props.urlName) === true;
  const [posted, setPosted] = useState(false);
  const [answered, setAnswered] = useState(false);
  if (posting !== posted) {
    setPosted(posting);
    if (!posting) {
      setEdited(false);
      setAnswered(true);
    }
  }

  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  // What the field says about the chosen file: that a large photo is being shrunk, then by how much.
  const [note, setNote] = useState<string | null>(null);
  // A file chosen while the previous one is still being shrunk wins.
  const choice = useRef(0);

  const choose = useCallback(async (file: File | undefined, input: HTMLInputElement | null) => {
    const current = ++choice.current;
    setEdited(true);
    setNote(null);
    let sent = file;
    if (file && !checkImageType(file)) {
      // Decoding tells whether it is large; a large photo takes a second or two.
      setNote("Preparing the image…");
      const shrunk = await shrinkImage(file);
      if (current !== choice.current) return;
      setNote(shrunk ? shrinkNote(shrunk.from, shrunk.to) : null);
      sent = shrunk?.file ?? file;
    }
    // The 5 MB rule applies to what is sent: the shrunk photo, or the file as chosen.
    const refused = sent ? checkImageFile(sent) : UPLOAD_MESSAGES.notImage;
    if (!sent || refused) {
      // Nothing is posted for a refused file: the preview goes back to the kept image.
      setNote(null);
      setClientError(refused);
      setChosen(null);
      setInputFile(input, null);
      return;
    }
    setClientError(null);
    setChosen(sent);
    setInputFile(input, sent);
  }, []);

  const { getRootProps, getInputProps, inputRef, rootRef, isDragActive } = useDropzone({
    multiple: false,
    maxFiles: 1,
    useFsAccessApi: false,
    // A second file, or a drop of something that is not a file, is refused like a wrong file.
    onDrop: (accepted, rejected) => void choose(rejected.length > 0 ? undefined : accepted[0], inputRef.current),
    // Opening the picker empties the input: a cancelled picker must not drop the file being previewed.
    onFileDialogCancel: () => setInputFile(inputRef.current, chosenRef.current),
  });

  // ...and the file input with it: after a post the new currentUrl already holds the file it carried.
  const urlOfInput = useRef(props.currentUrl);
  useEffect(() => {
    if (urlOfInput.current === props.currentUrl) return;
    urlOfInput.current = props.currentUrl;
    setInputFile(inputRef.current, null);
  }, [props.currentUrl, inputRef]);

  // A file the server refused is dropped like one refused here: the saved image shows again
  // and saving once more does not post the same file.
  // The error can arrive a render after the answer (the form library applies it in an effect),
  // so the answer is remembered until it does.
  useEffect(() => {
    if (!answered || !props.error) return;
    setAnswered(false);
    setChosen(null);
    setInputFile(inputRef.current, null);
  }, [answered, props.error, inputRef]);

  // A file chosen in the plain input before hydration is checked and previewed once JavaScript runs.
  useEffect(() => {
    const file = hydrated ? inputRef.current?.files?.[0] : undefined;
    if (file) void choose(file, inputRef.current);
  }, [hydrated, inputRef, choose]);

  // The chosen file's preview, revoked when another is chosen or the field goes away.
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!chosen) {
      setChosenUrl(null);
      return;
    }
    const url = URL.createObjectURL(chosen);
    setChosenUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const error = clientError ?? (edited ? undefined : props.error);
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const preview = chosen ? chosenUrl : keptUrl ? previewSource(keptUrl) : null;
  const shape = props.shape ?? "circle";
  const rounded = shape === "circle" ? "rounded-full" : "rounded-lg";
  // A wide picture is previewed at its own proportions (1.91 : 1), as a shared link shows it; a
  // signature in the same frame, whole (it is printed whole, never cropped).
  const wide = shape === "wide" || shape === "signature";
  const frame = wide ? "h-20 w-[153px]" : "h-20 w-20";
  const canRemove = !props.required;

  const remove = () => {
    choice.current++;
    setNote(null);
    setEdited(true);
    setClientError(null);
    setChosen(null);
    setInputFile(inputRef.current, null);
    setKeptUrl("");
    // The button goes with the image: keep the keyboard on the field.
    rootRef.current?.focus();
  };

  const fileInput = hydrated ? (
    <input
      key="file"
      // Visually hidden and out of the tab order: the drop zone is the control, this input carries the file.
      {...getInputProps({ id: inputId, name: props.fileName, accept: ACCEPT, "aria-label": props.label })}
    />
  ) : (
    <input
      key="file"
      ref={inputRef}
      id={inputId}
      type="file"
      name={props.fileName}
      accept={ACCEPT}
      required={props.required && !props.currentUrl}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className={`block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-gray-700 hover:file:bg-gray-50 ${FOCUS_RING}`}
    />
  );

  return (
    <fieldset className="min-w-0">
      <legend className="block text-sm font-semibold text-gray-800">
        {props.label}
        {props.required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      <div className="mt-2 flex items-start gap-4">
        {preview ? (
          <img
            src={preview}
            alt={chosen ? "Preview of the chosen image" : "Current image"}
            width={wide ? 153 : 80}
            height={80}
            className={`${frame} shrink-0 border border-gray-200 bg-white ${rounded} ${shape === "square" || shape === "signature" ? "object-contain" : "object-cover"}`}
          />
        ) : (
          <span
            className={`flex ${frame} shrink-0 items-center justify-center border border-dashed border-gray-300 bg-gray-50 text-gray-400 ${rounded}`}
          >
            <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
              <rect x="3" y="3" width="18" height="18" rx="2" />
              <circle cx="9" cy="9" r="2" />
              <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
            </svg>
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          {hydrated ? (
            <div
              {...getRootProps({ role: "button", "aria-describedby": describedBy })}
              className={`flex min-h-20 cursor-pointer items-center justify-center rounded-lg border-2 border-dashed px-4 py-3 text-center text-sm ${
                isDragActive ? "border-brand-600 bg-brand-50 text-brand-800" : "border-gray-300 bg-white text-gray-600 hover:bg-gray-50"
              } ${FOCUS_RING}`}
            >
              Drop an image here, or click to choose
            </div>
          ) : (
            <label htmlFor={inputId} className="block text-sm text-gray-700">
              Choose an image
            </label>
          )}
          {fileInput}
          {canRemove && hydrated && preview ? (
            <button type="button" className={BUTTON.secondary} onClick={remove}>
              Remove image
            </button>
          ) : null}
          {canRemove && !hydrated && props.currentUrl ? (
            <label className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" name={`remove_${props.urlName}`} className={`h-4 w-4 rounded border-gray-300 ${FOCUS_RING}`} />
              Remove image
            </label>
          ) : null}
          <p id={hintId} className="text-xs text-gray-500">
            {props.description ? `${props.description} ${UPLOAD_HINT}.` : UPLOAD_HINT}
          </p>
          {/* Always there, so screen readers announce the note when it changes. */}
          <p role="status" className="text-xs font-medium text-brand-800 empty:hidden">
            {note}
          </p>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <input type="hidden" name={props.urlName} value={keptUrl} />
    </fieldset>
  );
}
