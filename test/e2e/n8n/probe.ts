/**
 * Whether a real n8n (the default version) can run here: `probe(['n8n'])` of ../support/probe.ts,
 * under the name the browser suite imports.
 */
import { probe, type Probe } from '../support/probe';

export type N8nProbe = Probe;

export const probeN8n = (): N8nProbe => probe(['n8n']);
