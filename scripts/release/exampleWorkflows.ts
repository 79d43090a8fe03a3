/**
 * The n8n example workflows (n8n/examples/*.json) against the package's own node descriptions, judged by
 * n8n-workflow's helpers, the ones the editor uses: each Commerce Service node is at its node's current
 * version (`defaultVersion`, what a node added today gets), every parameter it saves is one n8n shows at
 * that version, and n8n finds no parameter issue (the editor's red warning, e.g. a required field left empty).
 */
import * as path from 'path';
import {
  cronNodeOptions,
  NodeHelpers,
  type INode,
  type INodeParameters,
  type INodeProperties,
  type INodeType,
  type INodeTypeDescription,
} from 'n8n-workflow';
import { loadExamples, PACKAGE_NAME } from '../start/examples';
import { REPO_ROOT } from '../toolchain';

const NODES = ['CommerceService', 'CommerceServiceTrigger', 'CommerceServicePollingTrigger'];

/** Poll Times, which n8n's node loader adds to every polling node (n8n-core's `commonPollingParameters`). */
const POLL_TIMES: INodeProperties = {
  displayName: 'Poll Times',
  name: 'pollTimes',
  type: 'fixedCollection',
  typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Poll Time' },
  default: { item: [{ mode: 'everyMinute' }] },
  options: cronNodeOptions,
};

/**
 * Each node's description, from its source. Named with `.ts`: beside each `X.node.ts` is the node's
 * codex `X.node.json`, which Node's resolution would load first for `X.node`.
 */
function descriptions(): ReadonlyMap<string, INodeTypeDescription> {
  return new Map(
    NODES.map((name) => {
      const file = path.join(REPO_ROOT, 'n8n', 'nodes', name, `${name}.node.ts`);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a computed path, run by tsx
      const NodeClass = (require(file) as Record<string, new () => INodeType>)[name];
      if (!NodeClass) throw new Error(`${file} exports no ${name}`);
      const { description } = new NodeClass();
      const properties = description.polling ? [POLL_TIMES, ...description.properties] : description.properties;
      return [`${PACKAGE_NAME}.${description.name}`, { ...description, properties }];
    }),
  );
}

/** What is wrong with the examples in `dir`, one line each (empty: nothing). */
export function exampleProblems(dir = path.join(REPO_ROOT, 'n8n', 'examples')): string[] {
  const problems: string[] = [];
  const known = descriptions();
  for (const workflow of loadExamples(dir)) {
    for (const raw of workflow.nodes) {
      const node = raw as unknown as INode;
      const description = known.get(node.type);
      if (!description) {
        if (String(node.type).startsWith(`${PACKAGE_NAME}.`)) problems.push(`"${node.name}": no node ${node.type}`);
        continue;
      }
      const where = `"${workflow.name}" → "${node.name}"`;
      const current = description.defaultVersion ?? description.version;
      if (node.typeVersion !== current) {
        problems.push(`${where}: typeVersion ${node.typeVersion}, the node's current version is ${String(current)}`);
        continue;
      }
      const saved: INodeParameters = node.parameters ?? {};
      const shown = NodeHelpers.getNodeParameters(description.properties, saved, true, false, node, description) ?? {};
      for (const name of Object.keys(saved).filter((key) => !(key in shown)))
        problems.push(`${where}: parameter "${name}" is not shown at version ${node.typeVersion}`);
      const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
      if (issues) problems.push(`${where}: ${NodeHelpers.nodeIssuesToString(issues, node).join('; ')}`);
    }
  }
  return problems;
}
