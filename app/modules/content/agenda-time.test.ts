import { describe, expect, it } from "vitest";
import { agendaStartMinutes } from "./agenda-time";

const at = (hour: number, minute = 0) => hour * 60 + minute;

describe("agendaStartMinutes", () => {
  it.each([
    ["8:00 AM - 5:00 PM", at(8)],
    ["8am-5pm", at(8)],
    ["8.30 a.m. – 4.45 p.m.", at(8, 30)],
    ["12:30 PM - 6:00 PM", at(12, 30)],
    ["08:00–17:30 WAT", at(8)],
    ["9:00 - 11:30 AM", at(9)],
    ["1:00 - 4:00 PM", at(13)],
    ["9:00 - 5:00 PM", at(9)],
    ["10 - 2 PM", at(10)],
    ["Starts 10:00 AM, ends noon", at(10)],
    ["noon", at(12)],
    ["12:00 AM - 11:00 AM", at(0)],
    ["From 6:00 PM", at(18)],
  ])("reads %j", (text, minutes) => {
    expect(agendaStartMinutes(text)).toBe(minutes);
  });

  it.each(["", "Afternoon", "Tuesday 12 August, all day", "12.08.2025", "13:00 PM - 25:00"])("finds no time in %j", (text) => {
    expect(agendaStartMinutes(text)).toBeNull();
  });
});
