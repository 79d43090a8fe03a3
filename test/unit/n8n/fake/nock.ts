import nock from 'nock';

/**
 * nock for one test file: no real network, mocks cleared after each test, and nock's interceptor
 * removed after the file. Jest loads nock afresh per file while Node's http module is shared, so an
 * interceptor left installed stacks under the next file's and can crash it on a replied error.
 */
export function useNock(): void {
	beforeAll(() => {
		if (!nock.isActive()) nock.activate();
		nock.disableNetConnect();
	});
	afterEach(() => nock.cleanAll());
	afterAll(() => {
		nock.enableNetConnect();
		nock.restore();
	});
}
