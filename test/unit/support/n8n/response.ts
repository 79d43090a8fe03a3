import type { ServerResponse } from 'node:http';

/**
 * The part of n8n's response object (an express Response, itself a Node `ServerResponse`) a node could
 * write an answer with. The webhook trigger writes only a refusal itself; otherwise its tests expect `writes` 0.
 */
export class RecordedResponse {
	statusCode = 200;
	headersSent = false;
	writableEnded = false;
	/** How many times a status line was written. */
	writes = 0;
	/** What the node wrote as the answer's body, if anything. */
	body: string | undefined;

	writeHead(status: number, _headers?: Record<string, string>): this {
		if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT: the answer was already written');
		this.writes += 1;
		this.statusCode = status;
		this.headersSent = true;
		return this;
	}

	end(chunk?: string): this {
		if (this.writableEnded) throw new Error('write after end');
		if (chunk !== undefined) this.body = chunk;
		if (!this.headersSent) this.writeHead(this.statusCode);
		this.writableEnded = true;
		return this;
	}
}

/** What the fake hands out as `getResponseObject()`: recorded, or a real one (integration tests). */
export type FakeResponse = RecordedResponse | ServerResponse;
