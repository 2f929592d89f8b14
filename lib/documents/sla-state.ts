// Where a document stands against its SLA, for the staff UI. The clock stops while paused and at finishing, so the
// instant compared with sla_end is the pause start, the finishing time, or now.
export type SlaState = "in_sla" | "late" | "no_sla";

type SlaInfo = {
  sla_end: string | null;
  state: SlaState;
  paused: boolean;
  paused_since: string | null;
  finished: boolean;
  /** The instant compared with sla_end (null when the clock is still running: the client compares with its now). */
  stopped_at: string | null;
};

export function slaInfo(
  document: { slaEnd: Date | null; pausedAt: Date | null; dateFinished: Date | null },
  now = new Date(),
): SlaInfo {
  const stoppedAt = document.dateFinished ?? document.pausedAt ?? null;
  const reference = stoppedAt ?? now;
  return {
    sla_end: document.slaEnd?.toISOString() ?? null,
    state: document.slaEnd === null ? "no_sla" : reference.getTime() > document.slaEnd.getTime() ? "late" : "in_sla",
    paused: document.pausedAt !== null && document.dateFinished === null,
    paused_since: document.pausedAt?.toISOString() ?? null,
    finished: document.dateFinished !== null,
    stopped_at: stoppedAt?.toISOString() ?? null,
  };
}
