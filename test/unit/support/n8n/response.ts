import type { ServerResponse } from 'node:http';

/**
 * The part of n8n's response object (an express Response, itself a Node `ServerResponse`) a node could
 * write an answer with. The webhook trigger leaves the answer to n8n, so its tests expect `writes` 0.
 */
export class RecordedResponse {
	statusCode = 200;
	headersSent = false;
	writableEnded = false;
	/** How many times a status line was written. */
	writes = 0;

	writeHead(status: number): this {
		if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT: the answer was already written');
		this.writes += 1;
		this.statusCode = status;
		this.headersSent = true;
		return this;
	}

	end(): this {
		if (this.writableEnded) throw new Error('write after end');
		if (!this.headersSent) this.writeHead(this.statusCode);
		this.writableEnded = true;
		return this;
	}
}

/** What the fake hands out as `getResponseObject()`: recorded, or a real one (integration tests). */
export type FakeResponse = RecordedResponse | ServerResponse;
