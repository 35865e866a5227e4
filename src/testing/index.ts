/**
 * Testing utilities for agents built on durable-context: a fake OpenAI-compatible server
 * (scripted replies, real token usage, fault injection, a strict tool-pairing validator)
 * to run sessions against without a real model.
 */
export * from './fake-openai';
