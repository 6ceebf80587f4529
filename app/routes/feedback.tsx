import { useNavigation } from "react-router";
import { requestLanguage } from "~/i18n/language.server";
import { metaTranslator } from "~/i18n/meta";
import { surveyAction, surveyLoader } from "~/modules/feedback/actions.server";
import { SurveyPageView } from "~/modules/feedback/survey-page-view";
import { PRIVATE_HEADERS } from "~/ui/private-page";
import { readForm } from "~/ui/read-form.server";
import { keepFormWhenUnavailable, notAfterUnavailable } from "~/ui/server-unavailable";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/feedback";

// /feedback/<token>: the survey after the summit, from the link in the certificate's message (or,
// for those who registered and did not come, a message of its own). A plain form post that
// works without JavaScript; with it, checked in the browser first and kept on a busy server's 503.

export async function loader({ params, request, url }: Route.LoaderArgs) {
  return surveyLoader(params.token, url, requestLanguage(request));
}

export async function action({ params, request, url, context }: Route.ActionArgs) {
  const poster = { clientIp: context.clientIp ?? "", language: requestLanguage(request) };
  return surveyAction(params.token, url, await readForm(request), poster);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(() => serverAction());
}

export const shouldRevalidate = notAfterUnavailable;

// A refusal's Retry-After (too many posts from one network) travels with the page it answers.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(PRIVATE_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: metaTranslator(matches)("feedback.metaTitle", { name: loaderData?.page.eventName ?? "Youth Summit" }) },
  { name: "robots", content: "noindex" },
];

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const toast = actionData && "toast" in actionData ? actionData.toast : undefined;
  return (
    <>
      <SurveyPageView
        page={loaderData.page}
        saved={loaderData.saved && !actionData}
        lastResult={lastResult}
        submitting={navigation.state === "submitting"}
      />
      {toast ? <Toaster toasts={[toast]} /> : null}
    </>
  );
}
