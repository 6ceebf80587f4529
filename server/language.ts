import type { NextFunction, Request, Response } from "express";
import { cookieLanguage, languageCookie } from "~/i18n/language.server";
import { isLanguage, LANGUAGE_PARAM } from "~/i18n/languages";

// A link's `?lang=` is remembered: the visitor who chose Hausa on one page reads Hausa on the
// next. Pages differ by language, so caches must keep them apart by what chooses it.
export function languageChoice(secure: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const asked = req.query[LANGUAGE_PARAM];
    if (isLanguage(asked) && cookieLanguage(req.headers.cookie) !== asked) {
      res.append("Set-Cookie", languageCookie(asked, secure || req.secure));
    }
    // A share image's address names its language (/share/ha-….png): one copy serves everyone.
    if (!req.path.startsWith("/share/")) res.append("Vary", "Accept-Language, Cookie");
    next();
  };
}
