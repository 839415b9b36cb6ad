import { registerTranslations } from './i18n';

/** How long something has been open or took (formatAge), and a span of seconds (formatDuration). */
export const en = {
  duration: {
    seconds: '{{seconds}} s',
    minutes: '{{minutes}} min',
    minutesSeconds: '{{minutes}} min {{seconds}} s',
    hoursMinutes: '{{hours}} h {{minutes}} min',
  },
  age: {
    underMinute: 'under a minute',
    minutes: '{{minutes}} min',
    hours: '{{hours}} h',
    hoursMinutes: '{{hours}} h {{minutes}} min',
    days: '{{days}} d',
    daysHours: '{{days}} d {{hours}} h',
  },
};

export const ko: typeof en = {
  duration: {
    seconds: '{{seconds}}초',
    minutes: '{{minutes}}분',
    minutesSeconds: '{{minutes}}분 {{seconds}}초',
    hoursMinutes: '{{hours}}시간 {{minutes}}분',
  },
  age: {
    underMinute: '1분 미만',
    minutes: '{{minutes}}분',
    hours: '{{hours}}시간',
    hoursMinutes: '{{hours}}시간 {{minutes}}분',
    days: '{{days}}일',
    daysHours: '{{days}}일 {{hours}}시간',
  },
};

registerTranslations('format', en, ko);

declare module './i18n' {
  interface Catalogues {
    format: typeof en;
  }
}
