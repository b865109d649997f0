class LlmUnavailableError extends Error {
}
function chatEndpointOf(url) {
  const trimmed = url.replace(/\/+$/, "");
  return trimmed.endsWith("/chat/completions") ? trimmed : `${trimmed}/chat/completions`;
}
function createChatClient(settings) {
  const endpoint = chatEndpointOf(settings.url);
  return {
    model: settings.model,
    async complete(messages, schema) {
      let response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}
          },
          body: JSON.stringify({
            model: settings.model,
            messages,
            temperature: 0,
            response_format: { type: "json_schema", json_schema: { name: schema.name, schema: schema.schema, strict: false } }
          }),
          signal: AbortSignal.timeout(settings.timeoutMs)
        });
      } catch (error) {
        throw new LlmUnavailableError(`the language model endpoint could not be reached (${error.name})`);
      }
      if (!response.ok) throw new LlmUnavailableError(`the language model endpoint answered HTTP ${response.status}`);
      const body = await response.json().catch(() => null);
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== "string" || content.trim() === "") throw new LlmUnavailableError("the language model answered no text");
      return content;
    }
  };
}
function chatClientFor(settings) {
  return settings ? createChatClient(settings) : null;
}
export {
  LlmUnavailableError,
  chatClientFor,
  chatEndpointOf,
  createChatClient
};
//# sourceMappingURL=llm-client.js.map
