import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { z } from 'zod';

/**
 * A command that Redis has not answered in this time fails, so a slow Redis delays a request by
 * at most this much before the caller's fallback takes over.
 */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
/** Reconnection attempts come quickly at first, then every 2 seconds while Redis is away. */
const MAX_RECONNECT_DELAY_MS = 2000;

/** What a relayed topic offers: the settings service and the catalogue events both do. */
type ChangeEvents = {
  /** Forgets this process's copies and tells its listeners. */
  changed(): void;
  /** Calls `listener` after every change; answers the function that stops it. */
  onChange(listener: () => void): () => void;
};

export type ClusterLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** The Redis connections a process shares with the other processes of its site. */
export type Cluster = {
  /**
   * The command connection: the form-post rate limit's and the sign-in limits' counts, and
   * publishing changes. It queues nothing while disconnected (commands fail at once) and gives a
   * command 500 ms, so callers fall back instead of waiting.
   */
  readonly redis: Redis;
  /** Put before every key and channel of this site (REDIS_PREFIX). */
  readonly keyPrefix: string;
  /** This process's id: relayed changes carry it, so that a process ignores its own. */
  readonly processId: string;
  /**
   * Whether both connections are ready (the subscriber listening), waiting at most `timeoutMs`.
   * Never throws: a process starts without Redis, and connects once Redis answers.
   */
  whenReady(timeoutMs: number): Promise<boolean>;
  /** Resolves when Redis answers a PING and the subscriber is connected; throws otherwise. */
  ping(): Promise<void>;
  /**
   * Relays each topic's changes between processes: a change here is published, and a change
   * published by another process calls `changed()` here (which is not published again).
   */
  relayChanges(topics: Record<string, ChangeEvents>): void;
  /** Stops relaying and closes both connections. */
  close(): Promise<void>;
};

const RelayedChangeSchema = z.object({ from: z.string(), topic: z.string() });

/**
 * Connects to the Redis at `url`: one connection for commands, one subscribed to this site's
 * change channel (a subscribed connection can do nothing else). Connection failures are logged
 * once per outage, and ioredis reconnects on its own.
 */
export function createCluster({
  url,
  keyPrefix,
  logger,
}: {
  url: string;
  keyPrefix: string;
  logger: ClusterLogger;
}): Cluster {
  const processId = randomUUID();
  const channel = `${keyPrefix}changes`;
  const common: RedisOptions = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempts) => Math.min(attempts * 100, MAX_RECONNECT_DELAY_MS),
  };
  const redis = new Redis(url, {
    ...common,
    connectionName: `${keyPrefix}commands`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // The subscription waits for the connection (and is renewed after each reconnection).
  const subscriber = new Redis(url, {
    ...common,
    connectionName: `${keyPrefix}changes`,
    maxRetriesPerRequest: null,
  });
  const topics = new Map<string, ChangeEvents>();
  const stopRelays: (() => void)[] = [];
  // The topic whose relayed change is being applied: its listeners must not publish it again.
  let applyingTopic: string | undefined;
  let isClosing = false;

  function watch(connection: Redis, role: string, onReconnected?: () => void): void {
    let isDown = false;
    let hasBeenReady = false;
    connection.on('error', (error: Error) => {
      if (isDown || isClosing) return;
      isDown = true;
      logger.warn({ err: error }, `Redis ${role} connection failed; reconnecting`);
    });
    connection.on('ready', () => {
      if (isDown) logger.info({}, `Redis ${role} connection is back`);
      isDown = false;
      if (hasBeenReady) onReconnected?.();
      hasBeenReady = true;
    });
  }

  function applyRelayed(topic: string): void {
    const events = topics.get(topic);
    if (!events) return;
    applyingTopic = topic;
    try {
      events.changed();
    } finally {
      applyingTopic = undefined;
    }
  }

  watch(redis, 'command');
  // Changes published while the subscriber was away were missed: forget every copy.
  watch(subscriber, 'subscriber', () => {
    for (const topic of topics.keys()) applyRelayed(topic);
  });

  const subscribed = subscriber.subscribe(channel).then(
    () => true,
    () => false,
  );
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let parsed;
    try {
      parsed = RelayedChangeSchema.safeParse(JSON.parse(message));
    } catch {
      return;
    }
    if (parsed.success && parsed.data.from !== processId) applyRelayed(parsed.data.topic);
  });

  function publish(topic: string): void {
    redis.publish(channel, JSON.stringify({ from: processId, topic })).catch((error: unknown) => {
      logger.warn(
        { err: error, topic },
        'a change was not relayed to the other processes; their copies expire on their own',
      );
    });
  }

  function isReady(connection: Redis): Promise<void> {
    return new Promise((resolve) => {
      if (connection.status === 'ready') resolve();
      else connection.once('ready', () => resolve());
    });
  }

  return {
    redis,
    keyPrefix,
    processId,
    async whenReady(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const connected = Promise.all([isReady(redis), subscribed]).then(([, isSubscribed]) =>
        Boolean(isSubscribed),
      );
      try {
        return await Promise.race([connected, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
    async ping() {
      await redis.ping();
      if (subscriber.status !== 'ready') {
        throw new Error(`the Redis subscriber connection is ${subscriber.status}`);
      }
    },
    relayChanges(relayed) {
      for (const [topic, events] of Object.entries(relayed)) {
        topics.set(topic, events);
        stopRelays.push(
          events.onChange(() => {
            if (applyingTopic !== topic) publish(topic);
          }),
        );
      }
    },
    async close() {
      isClosing = true;
      for (const stop of stopRelays.splice(0)) stop();
      topics.clear();
      await Promise.all(
        [redis, subscriber].map(async (connection) => {
          if (connection.status !== 'ready') return connection.disconnect();
          try {
            await connection.quit();
          } catch {
            connection.disconnect();
          }
        }),
      );
    },
  };
}
