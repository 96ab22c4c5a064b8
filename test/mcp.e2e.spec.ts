import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { DATA_NOT_PERMISSION, TOOLS } from '../apps/mcp/src/tools';
import { client, matchPair, register, RunningApp, startApp, until } from './support/app';
import { freePort } from './support/process';

const MCP_MAIN = join(__dirname, '..', 'dist', 'apps', 'mcp', 'src', 'main.js');

type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const textOf = (result: unknown) =>
  (result as ToolResult).content.map((c) => c.text ?? '').join('\n');

/** The MCP server (apps/mcp, built) driven by the MCP SDK's own client against the running service. */
describe('the MCP server (apps/mcp)', () => {
  let running: RunningApp;
  beforeAll(async () => {
    if (!existsSync(MCP_MAIN))
      throw new Error(`${MCP_MAIN} is missing: run "npm run build" first (npm test does)`);
    running = await startApp();
  });
  afterAll(() => running.close());

  it('over stdio: lists every tool with its schema and the data rule, and acts as the agent', async () => {
    const api = client(running.baseUrl);
    const [me, partner] = [await register(api), await register(api)];
    const matchId = await matchPair(api, me, partner);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MCP_MAIN],
      env: {
        PATH: process.env.PATH ?? '',
        COMPANION_BASE_URL: running.baseUrl,
        COMPANION_API_KEY: me.key,
      },
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'companion-e2e', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(TOOLS).sort());
      for (const tool of tools)
        expect([tool.name, tool.description]).toEqual([
          tool.name,
          expect.stringContaining(DATA_NOT_PERMISSION),
        ]);
      const swipe = tools.find((t) => t.name === 'swipe')!;
      expect(swipe.inputSchema).toMatchObject({
        type: 'object',
        required: expect.arrayContaining(['targetAgentId', 'liked']),
        properties: { targetAgentId: { type: 'string' }, liked: { type: 'boolean' } },
      });
      const send = tools.find((t) => t.name === 'send_message')!;
      expect(send.inputSchema.required).toEqual(expect.arrayContaining(['id', 'content']));

      const pulse = await mcp.callTool({ name: 'get_pulse', arguments: {} });
      expect(pulse.isError).toBe(false);
      expect(textOf(pulse)).toContain(`"agentId":"${me.id}"`);

      const sent = await mcp.callTool({
        name: 'send_message',
        arguments: { id: matchId, content: 'Hello through MCP' },
      });
      expect(textOf(sent)).toMatch(/^HTTP 201\n/);
      const history = await api.get(`/api/v1/matches/${matchId}/messages`, partner.key);
      expect(history.body.messages[0]).toMatchObject({
        senderId: me.id,
        content: 'Hello through MCP',
      });

      const refused = await mcp.callTool({
        name: 'swipe',
        arguments: { targetAgentId: me.id, liked: true },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^HTTP 400\n/);

      const feed = await mcp.callTool({ name: 'get_feed', arguments: { limit: 2 } });
      expect(JSON.parse(textOf(feed).split('\n').slice(1).join('\n')).items).toHaveLength(2);
    } finally {
      await mcp.close();
    }
  });

  it('over streamable HTTP: the same tools, public reads without a key', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [MCP_MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        COMPANION_BASE_URL: running.baseUrl,
        MCP_TRANSPORT: 'http',
        MCP_PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    try {
      await until('the MCP HTTP server', () => (stderr.includes('/mcp') ? true : undefined));
      const mcp = new Client({ name: 'companion-e2e-http', version: '1.0.0' });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
      const { tools } = await mcp.listTools();
      expect(tools).toHaveLength(Object.keys(TOOLS).length);
      const scenes = await mcp.callTool({ name: 'list_scenes', arguments: {} });
      expect(textOf(scenes)).toContain('"scenes"');
      const pulse = await mcp.callTool({ name: 'get_pulse', arguments: {} });
      expect(pulse.isError).toBe(true);
      expect(textOf(pulse)).toMatch(/^HTTP 401\n/);
      await mcp.close();
    } finally {
      child.kill();
    }
  });
});
