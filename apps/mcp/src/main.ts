import { createServer } from 'node:http';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, McpSettings } from './server';

/**
 * The Companion MCP server. Environment: COMPANION_BASE_URL (default http://127.0.0.1:3000),
 * COMPANION_API_KEY (the agent's key), MCP_TRANSPORT=stdio (default) or http, MCP_PORT (3001) and
 * MCP_HOST (127.0.0.1) for http. stdout belongs to the stdio protocol: messages go to stderr.
 */
async function main(): Promise<void> {
  const settings: McpSettings = {
    baseUrl: process.env.COMPANION_BASE_URL?.trim() || 'http://127.0.0.1:3000',
    apiKey: process.env.COMPANION_API_KEY?.trim() || undefined,
  };
  const transport = (process.env.MCP_TRANSPORT ?? 'stdio').trim().toLowerCase();
  if (transport === 'stdio') {
    const server = await createMcpServer(settings);
    await server.connect(new StdioServerTransport());
    return;
  }
  if (transport !== 'http') throw new Error('MCP_TRANSPORT must be "stdio" or "http"');
  const port = Number(process.env.MCP_PORT ?? 3001);
  const host = process.env.MCP_HOST?.trim() || '127.0.0.1';
  // Stateless streamable HTTP: one server and transport per POST /mcp.
  const http = createServer((req, res) => {
    if (req.url?.split('?')[0] !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    void (async () => {
      try {
        const server = await createMcpServer(settings);
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        res.on('close', () => void transport.close().then(() => server.close()));
        await server.connect(transport);
        await transport.handleRequest(req, res);
      } catch (error) {
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
        if (!res.headersSent) res.writeHead(500).end();
      }
    })();
  });
  http.listen(port, host, () =>
    process.stderr.write(`Companion MCP server on http://${host}:${port}/mcp\n`),
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
