import { mkdir, writeFile } from 'node:fs/promises';
import type { Transport } from '../../../../worker/queue/types.ts';

/** What a fault run's seed did, written to tests/.tmp when it fails (and logged live with FAULT_DEBUG). */
export class Trace {
  private lines: string[] = [];
  private readonly started = Date.now();

  constructor(private readonly seed: number) {}

  add(line: string): void {
    const entry = `${String(Date.now() - this.started).padStart(5)} ms ${line}`;
    this.lines.push(entry);
    if (process.env.FAULT_DEBUG) console.log(`[seed ${this.seed}] ${entry}`);
  }

  async write(): Promise<void> {
    await mkdir('tests/.tmp', { recursive: true });
    await writeFile(`tests/.tmp/fault-trace-${this.seed}.log`, `${this.lines.join('\n')}\n`);
  }
}

export function tracingTransport(trace: Trace, transport: Transport): Transport {
  return async (request) => {
    const body = request.body === undefined ? '' : ` ${JSON.stringify(request.body).slice(0, 160)}`;
    try {
      const response = await transport(request);
      trace.add(
        `${request.method} ${request.url}${body} -> ${response.code} ${JSON.stringify(response.result).slice(0, 160)}`,
      );
      return response;
    } catch (error) {
      trace.add(`${request.method} ${request.url}${body} -> ${(error as Error).message}`);
      throw error;
    }
  };
}
