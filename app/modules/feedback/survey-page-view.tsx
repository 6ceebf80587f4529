import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitch } from "~/ui/language-switch";
import type { SurveyPage } from "./survey.server";
import { SurveyForm } from "./survey-form";

// The survey's page, in the reader's language: before the event has ended, when it opens;
// while open, the form (with the saved answer to change); once closed, only that it is.

type Props = {
  page: SurveyPage;
  /** just saved (the redirect after a post) */
  saved: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  submitting: boolean;
};

export function SurveyPageView({ page, saved, lastResult, submitting }: Props) {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen bg-gray-50 px-3 py-6 sm:px-4 sm:py-12">
      <LanguageSwitch className="mx-auto mb-4 flex max-w-lg justify-end text-gray-700" />
      <article
        aria-labelledby="survey-title"
        className="mx-auto max-w-lg rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8"
        data-testid="survey"
      >
        <p className="text-xs font-semibold tracking-widest text-gray-500 uppercase">{page.eventName}</p>
        <SurveyState page={page} saved={saved} lastResult={lastResult} submitting={submitting} />
        <p className="mt-6 text-sm">
          <Link to="/" className="font-semibold text-brand-700 underline">
            {t("feedback.home")}
          </Link>
        </p>
      </article>
    </main>
  );
}

function Title({ children }: { children: React.ReactNode }) {
  return (
    <h1 id="survey-title" className="mt-2 text-2xl font-bold text-gray-900">
      {children}
    </h1>
  );
}

function SurveyState({ page, saved, lastResult, submitting }: Props) {
  const { t } = useTranslation();
  if (page.state === "not-yet")
    return (
      <>
        <Title>{t("feedback.notYetTitle")}</Title>
        <p className="mt-3 text-gray-700">{t("feedback.notYetText", { date: page.opens })}</p>
      </>
    );
  if (page.state === "closed")
    return (
      <>
        <Title>{t("feedback.closedTitle")}</Title>
        <p className="mt-3 text-gray-700">{t("feedback.closedText", { date: page.closes })}</p>
        {page.answer ? <p className="mt-3 text-gray-700">{t("feedback.closedAnswered")}</p> : null}
      </>
    );
  const note = saved ? "feedback.saved" : page.answer ? "feedback.answered" : "feedback.openUntil";
  return (
    <>
      <Title>{page.attended ? t("feedback.titleAttended") : t("feedback.titleAbsent")}</Title>
      <p className="mt-3 text-gray-700">
        {t(page.attended ? "feedback.introAttended" : "feedback.introAbsent", { name: page.name, event: page.eventName })}
      </p>
      <p
        role={saved ? "status" : undefined}
        className={saved ? "mt-4 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900" : "mt-3 text-sm text-gray-600"}
      >
        {t(note, { date: page.closes })}
      </p>
      <SurveyForm attended={page.attended} sessions={page.sessions} answer={page.answer} lastResult={lastResult} submitting={submitting} />
    </>
  );
}
