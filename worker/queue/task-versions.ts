import { FIRST_PAYLOAD_VERSION } from '../../domain/payload-version.ts';
import type { Task } from './types.ts';

/** Builds a task's payload of version k+1 from its payload of version k. */
export type PayloadUpgrade = (payload: unknown) => unknown;

/**
 * The payload versions of one kind of task (docs/api.md "Payload versions"): the version a task gets when queued
 * now, and the rules that bring an older task's payload up, `upgrades[k]` from version k to k+1. A kind without an
 * entry is at version 1.
 */
export interface KindPayloadVersions {
  current: number;
  upgrades?: Readonly<Record<number, PayloadUpgrade>>;
}

/**
 * The registry of every kind's payload versions. The area that owns a kind declares them with its handler
 * (`TaskQueue.on(kind, handler, { payloadVersions })`), since only it knows its payload.
 */
export class TaskVersions {
  private readonly kinds = new Map<string, KindPayloadVersions>();

  declare(kind: string, versions: KindPayloadVersions): void {
    this.kinds.set(kind, versions);
  }

  current(kind: string): number {
    return this.kinds.get(kind)?.current ?? FIRST_PAYLOAD_VERSION;
  }

  /**
   * A task's payload brought up as far as its kind's rules go, one version at a time. A version without a rule
   * stays where it is: the task is sent as it was agreed and the server decides (it accepts previous versions for a
   * period; an older one it refuses with 'payload_version_too_old'). Null when there is nothing to upgrade.
   */
  upgrade(
    task: Pick<Task, 'kind' | 'payload' | 'payload_version'>,
  ): { payload: unknown; payload_version: number } | null {
    const versions = this.kinds.get(task.kind);
    let version = task.payload_version ?? FIRST_PAYLOAD_VERSION;
    let payload = task.payload;
    while (versions && version < versions.current) {
      const rule = versions.upgrades?.[version];
      if (!rule) break;
      payload = rule(payload);
      version += 1;
    }
    return version === task.payload_version ? null : { payload, payload_version: version };
  }
}
