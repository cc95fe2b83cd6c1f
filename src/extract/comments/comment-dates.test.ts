import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../core/html-parse.js';
import {
  dateAttributeIso,
  dateTextIndex,
  hasDateAttribute,
  hasDateText,
  isBareDateText,
  numericDateOrderOf,
  parseDateText,
  parseYearlessDate,
  readPrintedDate,
} from './comment-dates.js';

describe('comment dates', () => {
  it('finds the date lines comment entries print', () => {
    for (const t of [
      'January 31, 2011 at 9:59 am',
      'Brandt Schneider10/28/12 5:41 PM',
      '25 Oct 2012 at 7:20 pm',
      'Thu, 08/09/2012 - 14:32',
      '7:28 PM',
      '3 days ago',
      'October 12th, 2012 at 6:14 am',
    ])
      expect(hasDateText(t), t).toBe(true);
    for (const t of ['Reply', 'I have met very few millionaires', 'Posted in October 2026', 'version 2.6.32', 'release 11.05.12'])
      expect(hasDateText(t), t).toBe(false);
    // A dotted short date is one when a time follows it.
    expect(hasDateText('11.05.12 at 1:55 pm')).toBe(true);
  });

  it('reads numbers without a year or a date separator as a relative date only', () => {
    for (const t of ['3 days ago', 'vor 2 Stunden', '2025年3月12日', '12/3/25', '9:59']) expect(hasDateText(t), t).toBe(true);
    for (const t of ['12 comments', 'Page 2 of 3', 'March 12', '3 replies']) expect(hasDateText(t), t).toBe(false);
  });

  it("reads a month word no pattern knows in the page's language, the time chrono reads apart included", () => {
    expect(parseDateText('5 марта 2025 г. в 14:02')).toBeNull();
    expect(parseDateText('5 марта 2025 г. в 14:02', 'ru')).toBe('2025-03-05T14:02:00.000Z');
    expect(parseDateText('Олег, 12 апреля 2024 г. в 9:05', 'ru')).toBe('2024-04-12T09:05:00.000Z');
    expect(parseDateText('5 березня 2025 о 14:02', 'uk')).toBe('2025-03-05T14:02:00.000Z');
    // A language chrono-node has no parser for reads nothing more.
    expect(parseDateText('3 Mart 2025 14:22', 'tr')).toBeNull();
  });

  it('reads an ambiguous numeric date day first on a page in another language than English', () => {
    expect(parseDateText('01.03.2025 um 10:45', 'de')).toBe('2025-03-01T10:45:00.000Z');
    expect(parseDateText('01/03/2025 à 10h45', 'fr')).toBe('2025-03-01T10:45:00.000Z');
    expect(parseDateText('01/03/2025 at 10:45', 'en')).toBe('2025-01-03T10:45:00.000Z');
    expect(parseDateText('01/03/2025 at 10:45')).toBe('2025-01-03T10:45:00.000Z');
    // One number above 12 is the day, whatever the language.
    expect(parseDateText('10.29.2012', 'de')).toBe('2012-10-29T00:00:00.000Z');
  });

  it('reads printed dates as UTC instants', () => {
    expect(parseDateText('by james on January 31, 2011 at 9:59 pm.')).toBe('2011-01-31T21:59:00.000Z');
    expect(parseDateText('on 25 Oct 2012 at 7:20 pm')).toBe('2012-10-25T19:20:00.000Z');
    expect(parseDateText('2012-07-24 14:32')).toBe('2012-07-24T14:32:00.000Z');
    expect(parseDateText('24/07/2012')).toBe('2012-07-24T00:00:00.000Z');
    expect(parseDateText('11.05.12 at 1:55 pm')).toBe('2012-11-05T13:55:00.000Z');
    expect(parseDateText('3 days ago')).toBeNull();
    expect(parseDateText('February 30, 2012')).toBeNull();
  });

  it('tells a bare date from a text holding one, and where the date begins', () => {
    for (const t of ['November 6th, 2012', '10:11 am', 'Thu, 08/09/2012 - 14:32', 'on 25 Oct 2012 at 7:20 pm'])
      expect(isBareDateText(t), t).toBe(true);
    for (const t of ['See you on July 4, 2012!', 'Posted by Kathy on April 2, 2007', 'Reply', '']) expect(isBareDateText(t), t).toBe(false);
    expect(dateTextIndex('2. Lettraggad - 29 August, 2011')).toBe(16);
    expect(dateTextIndex('nomaduk 10.29.2012')).toBe(8);
    expect(dateTextIndex('no date here')).toBe(-1);
  });

  it('reads dates printed in other languages as well as English ones', () => {
    const cases: Array<[string, string | null]> = [
      ['12. März 2025 um 14:22', '2025-03-12T14:22:00.000Z'],
      ['Ana escribió el 3 de marzo de 2025, a las 9:05:', '2025-03-03T09:05:00.000Z'],
      ['le 12 mars 2025 à 14h22', '2025-03-12T14:22:00.000Z'],
      ['5 maggio 2024 alle 10:05', '2024-05-05T10:05:00.000Z'],
      ['14 augustus 2023 om 12:00', '2023-08-14T12:00:00.000Z'],
      ['1 décembre 2024', '2024-12-01T00:00:00.000Z'],
      ['12 października 2024', '2024-10-12T00:00:00.000Z'],
      ['2025年3月12日 14:22', '2025-03-12T14:22:00.000Z'],
      ['vor 3 Tagen', null],
      ['il y a 2 heures', null],
      ['hace 5 días', null],
    ];
    for (const [text, iso] of cases) {
      expect(hasDateText(text), text).toBe(true);
      expect(parseDateText(text), text).toBe(iso);
    }
    for (const t of ['12. März 2025 um 14:22', '3 de marzo de 2025, 14:22', '12 mars 2025 à 14h22', '2025年3月12日'])
      expect(isBareDateText(t), t).toBe(true);
    // Words that are month names elsewhere do not make a date without a day and a year around them.
    for (const t of ['out of the mill', 'mai oui', 'un mes de marzo']) expect(hasDateText(t), t).toBe(false);
  });

  it("reads a day and time printed without the year in the post's year, or the next", () => {
    expect(parseYearlessDate('by sethstorm (512897) on Monday July 23, @09:58PM', '2012-07-23T18:00:00Z')).toBe('2012-07-23T21:58:00.000Z');
    expect(parseYearlessDate('On Thursday, January 3 at 2:57 pm', '2012-12-28T10:00:00Z')).toBe('2013-01-03T14:57:00.000Z');
    // No time: a day the comment may be talking about; a full date is parseDateText's.
    expect(parseYearlessDate('see you on July 4', '2012-07-01T00:00:00Z')).toBeNull();
    expect(parseYearlessDate('July 4, 2012 at 9:00 am', '2012-07-01T00:00:00Z')).toBeNull();
  });
});

describe("a site's order of numeric dates", () => {
  it('is told by the reading that gives the feed date, a day above 12 included', () => {
    expect(numericDateOrderOf('Posted 10.03.2025', '2025-03-10T09:15:00Z')).toBe('day-first');
    expect(numericDateOrderOf('22/03/2025', '2025-03-22T09:15:00Z')).toBe('day-first');
    expect(numericDateOrderOf('03/10/2025', '2025-03-10T09:15:00Z')).toBe('month-first');
    // A printed day is local: a feed instant a time zone away from it is the same day.
    expect(numericDateOrderOf('10.03.2025', '2025-03-09T22:30:00Z')).toBe('day-first');
  });

  it('is not told by a date both readings give, nor by one neither gives', () => {
    expect(numericDateOrderOf('05.05.2025', '2025-05-05T09:15:00Z')).toBeNull();
    expect(numericDateOrderOf('10.03.2025', '2025-06-01T09:15:00Z')).toBeNull();
    expect(numericDateOrderOf('March 10, 2025', '2025-03-10T09:15:00Z')).toBeNull();
  });

  it('reads an ambiguous date in the learnt order, whatever the language', () => {
    expect(readPrintedDate('10/03/2025', 'en', 'day-first')?.iso).toBe('2025-03-10T00:00:00.000Z');
    expect(readPrintedDate('10.03.2025', 'de', 'month-first')?.iso).toBe('2025-10-03T00:00:00.000Z');
    // A number above 12 cannot be the month, whatever was learnt.
    expect(readPrintedDate('22/03/2025', 'en', 'month-first')?.iso).toBe('2025-03-22T00:00:00.000Z');
    expect(readPrintedDate('10/03/2025', 'en')?.iso).toBe('2025-10-03T00:00:00.000Z');
  });

  it("reads the whole date a short node's tooltip prints, where its text shortens it", () => {
    const el = (html: string): Element => parseHtml(html).document.children[0] as Element;
    const shortened = el('<a class="post-date" title="March  4, 2025  3:12pm"> 4 Mar</a>');
    expect(hasDateAttribute(shortened)).toBe(true);
    expect(dateAttributeIso(shortened)).toBe('2025-03-04T15:12:00.000Z');
    const relative = el('<span title="2025-03-04T15:12:00Z"><b>3</b> days ago</span>');
    expect(dateAttributeIso(relative)).toBe('2025-03-04T15:12:00.000Z');
    // The tooltip must print the year; a node with more text than a date line is no date node.
    expect(hasDateAttribute(el('<a title="March 4 at 3:12pm"> 4 Mar</a>'))).toBe(false);
    // ... and its time of day, and nothing else: a blog calendar's day links are no comment dates.
    expect(hasDateAttribute(el('<a href="/2012/11/05/" title="Posts published on November 5, 2012 at 10:00">5</a>'))).toBe(false);
    expect(hasDateAttribute(el('<a href="/2012/11/05/" title="November 5, 2012">5</a>'))).toBe(false);
    expect(hasDateAttribute(el('<a title="2012-11-05">5</a>'))).toBe(false);
    expect(hasDateAttribute(el('<p title="March 4, 2025 3:12pm">We met on the pier that morning and walked on</p>'))).toBe(false);
    expect(hasDateAttribute(el('<a title="Jump to the comment"> 4 Mar</a>'))).toBe(false);
    expect(hasDateAttribute(el('<a title="March 4, 2025 3:12pm"> </a>'))).toBe(false);
    // An ISO datetime attribute is read as before.
    expect(dateAttributeIso(el('<time datetime="2025-03-04T15:12:00Z">today</time>'))).toBe('2025-03-04T15:12:00.000Z');
  });
});
