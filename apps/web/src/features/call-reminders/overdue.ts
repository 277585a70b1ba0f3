const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/**
 * How late a due call back is, for the reminder: 'para ahora' within its first minute, then 'atrasada hace
 * 5 minutos', 'atrasada hace 3 horas', 'atrasada hace 1 día'. A browser clock slightly behind the server's
 * (the call back not yet due here) also reads 'para ahora'.
 */
export function overdueText(scheduleTime: string, now: Date = new Date()): string {
  const late = now.getTime() - new Date(scheduleTime).getTime();
  if (late < MINUTE) return 'para ahora';
  if (late < HOUR) return `atrasada hace ${plural(Math.floor(late / MINUTE), 'minuto', 'minutos')}`;
  if (late < DAY) return `atrasada hace ${plural(Math.floor(late / HOUR), 'hora', 'horas')}`;
  return `atrasada hace ${plural(Math.floor(late / DAY), 'día', 'días')}`;
}

/** The reminder's place among the seller's due ones: it is always the earliest, '1 de 3'. */
export const queueText = (dueCount: number): string => `1 de ${dueCount}`;
