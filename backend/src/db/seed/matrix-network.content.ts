// The Matrix Network's first-start posts: what the demo members (modules/users/demo-members.ts)
// posted. Times are relative to the moment of seeding, so a fresh install always looks recent.
import { DEMO_GUEST_POST, type MemberKey } from '../../modules/users/demo-members';
import type { PostArt } from './illustrations/post-art.svg';

/** Likes on a post arrive this many minutes apart, the first one this long after the post. */
export const LIKE_INTERVAL_MINUTES = 5;

export interface SeedComment {
  by: MemberKey;
  text: string;
  minutesAfterPost: number;
}

export interface SeedPost {
  author: MemberKey;
  /** How long before the seeding the post was written; distinct per post, so the feed order is fixed. */
  hoursAgo: number;
  text: string;
  /** Drawn by Atelier; the picture's own caption says so, so the post reads as a post. */
  art?: PostArt;
  likedBy: readonly MemberKey[];
  comments: readonly SeedComment[];
}

export const SEED_POSTS: readonly SeedPost[] = [
  {
    author: 'mira',
    hoursAgo: 1.5,
    text:
      'Our 7B run hit a loss spike around step 41k. Rewound to the last checkpoint, skipped the offending ' +
      'data shard and lowered the peak LR by 10%: it sailed through this time. Going to add per-shard loss ' +
      'logging so the next one is a five-minute diagnosis instead of an afternoon.',
    art: { kind: 'loss-curve', seed: 'mira-7b-spike', title: '7B pre-training: rewinding past a loss spike', anomaly: true },
    likedBy: ['tobias', 'lena', 'anouk', 'guest'],
    comments: [
      { by: 'tobias', text: 'Was it the same shard both times? We had one full of base64 blobs once.', minutesAfterPost: 12 },
      { by: 'anouk', text: 'Worth checking what else the dedup filter let through while you are at it.', minutesAfterPost: 25 },
      { by: 'lena', text: 'Per-shard loss logging saved us twice last year. Strongly recommend.', minutesAfterPost: 48 },
    ],
  },
  {
    author: 'kofi',
    hoursAgo: 5,
    text:
      'Shipped streaming responses in our internal assistant today. Server-sent events from the API, a ' +
      'tiny reducer on the client that appends tokens, and a cancel button that actually aborts the ' +
      'request upstream. Perceived latency dropped more than any model change we made this quarter.',
    likedBy: ['samir', 'rafael', 'tobias'],
    comments: [
      { by: 'samir', text: 'Did you have to change anything in the proxy? Ours buffered the whole response at first.', minutesAfterPost: 30 },
      { by: 'tobias', text: 'Same here: the proxy held everything back until we switched buffering off for that route.', minutesAfterPost: 41 },
    ],
  },
  {
    author: 'lena',
    hoursAgo: 9.5,
    text:
      'Head 3 in layer 14 of our small model sends most of its attention to the first token, whatever the ' +
      'prompt. Attention sinks are well documented, but seeing one this clearly in your own model is ' +
      'something else. Next: ablate it and see what breaks.',
    art: {
      kind: 'attention-map',
      seed: 'lena-layer14-head3',
      title: 'Layer 14, head 3: an attention sink',
      labels: ['<s>', 'The', 'cache', 'keeps', 'the', 'first', 'token', 'warm', ',', 'always', '.'],
    },
    likedBy: ['mira', 'rafael', 'yuki'],
    comments: [
      { by: 'mira', text: 'Try keeping the sink token when you evict from the KV cache. Made a big difference for us.', minutesAfterPost: 35 },
      { by: 'rafael', text: 'Pretty. Is the pattern stable across checkpoints?', minutesAfterPost: 90 },
    ],
  },
  {
    author: 'yuki',
    hoursAgo: 14,
    text:
      'Sunday project: a flow-field sketch to compare samplers by eye. Same seed, same field, only the step ' +
      'rule changes. The smooth ones are what I want from a scheduler.',
    art: { kind: 'generative-pattern', seed: 'yuki-sunday-flow', title: 'Flow field, sampler comparison' },
    likedBy: ['anouk', 'lena', 'guest', 'kofi'],
    comments: [
      { by: 'anouk', text: 'I would hang this on a wall.', minutesAfterPost: 20 },
      { by: 'kofi', text: 'Open source it? I want this as a loading screen.', minutesAfterPost: 75 },
    ],
  },
  {
    author: 'guest',
    hoursAgo: 20,
    text: DEMO_GUEST_POST,
    likedBy: ['kofi', 'mira'],
    comments: [
      { by: 'mira', text: 'Start with LoRA on a 1-3B model and a few hundred clean examples. Data quality beats size.', minutesAfterPost: 40 },
      { by: 'kofi', text: 'Welcome! And write your eval set before you train anything.', minutesAfterPost: 65 },
    ],
  },
  {
    author: 'tobias',
    hoursAgo: 27,
    text:
      'Eight GPUs, one of them idling at a third of the others. Not a hardware fault: its dataloader worker ' +
      'was decoding JPEGs on a single CPU core pinned to the wrong NUMA node. Fixed the affinity and the ' +
      'whole node sped up by 30%, because everyone waits for the slowest rank.',
    art: { kind: 'gpu-utilisation', seed: 'tobias-numa-straggler', title: '8-GPU node before the dataloader fix', anomaly: true },
    likedBy: ['samir', 'mira', 'kofi', 'anouk', 'guest'],
    comments: [
      { by: 'samir', text: 'NUMA strikes again. Adding this to our node health check.', minutesAfterPost: 15 },
      { by: 'mira', text: 'This is why I look at the slowest rank first, not the average.', minutesAfterPost: 33 },
      { by: 'anouk', text: 'We moved JPEG decoding to the GPU for the same reason.', minutesAfterPost: 58 },
    ],
  },
  {
    author: 'rafael',
    hoursAgo: 34,
    text:
      'Reading group this week: the two-tower retrieval papers, from the early ones to the recent hybrid ' +
      'setups. My take: the towers are easy, the negatives are the whole game. In-batch negatives plus a few ' +
      'mined hard ones beat everything fancier we tried.',
    art: {
      kind: 'network-diagram',
      seed: 'rafael-two-tower',
      title: 'Two-tower retrieval, the sketch I use in talks',
      labels: ['features', 'user tower', 'item tower', 'embedding'],
    },
    likedBy: ['lena', 'kofi'],
    comments: [{ by: 'lena', text: 'Agree on negatives. How do you keep the mined ones from being false negatives?', minutesAfterPost: 120 }],
  },
  {
    author: 'anouk',
    hoursAgo: 41,
    text:
      'Fine-tuned a detector for hairline cracks in ceramic tiles. Validation loss flattened early while ' +
      'training loss kept going, so I stopped at epoch 12 and spent the rest of the day on augmentations ' +
      'instead: random lighting and slight blur did more than another 20 epochs would have.',
    art: {
      kind: 'loss-curve',
      seed: 'anouk-tile-cracks',
      title: 'Crack detector fine-tune',
      labels: ['train loss', 'validation loss'],
    },
    likedBy: ['yuki', 'rafael', 'mira'],
    comments: [
      { by: 'yuki', text: 'Lighting augmentation is underrated. Did you try synthetic cracks?', minutesAfterPost: 22 },
      { by: 'rafael', text: 'Stopping at epoch 12 and spending the day on data instead: textbook.', minutesAfterPost: 40 },
    ],
  },
  {
    author: 'samir',
    hoursAgo: 52,
    text:
      'Continuous batching on our inference nodes: same GPUs, 2.6x the tokens per second at the same p95 ' +
      'latency. The trick was capping the batch by KV-cache memory rather than by request count.',
    art: {
      kind: 'gpu-utilisation',
      seed: 'samir-continuous-batching',
      title: 'Inference node with continuous batching',
      labels: ['node-a 0', 'node-a 1', 'node-a 2', 'node-a 3'],
    },
    likedBy: ['tobias', 'kofi', 'mira', 'rafael'],
    comments: [
      { by: 'tobias', text: 'What did the p99 do?', minutesAfterPost: 18 },
      { by: 'kofi', text: 'Ours got worse under bursts until we added admission control.', minutesAfterPost: 44 },
    ],
  },
  {
    author: 'mira',
    hoursAgo: 63,
    text:
      'Unpopular opinion: most "my model got worse after fine-tuning" reports are tokenizer mismatches or a ' +
      'chat template applied twice. Print one training example exactly as the model sees it, token ids and ' +
      'all, before you blame the optimizer.',
    likedBy: ['lena', 'kofi', 'samir', 'rafael', 'guest'],
    comments: [
      { by: 'kofi', text: 'The double BOS token. Every single time.', minutesAfterPost: 9 },
      { by: 'lena', text: 'Printing token ids should be step one of every training script.', minutesAfterPost: 27 },
      { by: 'rafael', text: 'Saving this for the next time someone asks me.', minutesAfterPost: 80 },
    ],
  },
  {
    author: 'kofi',
    hoursAgo: 75,
    text:
      'The autocomplete demo on our docs site runs a tiny MLP over character n-grams, in the browser, in ' +
      'under a millisecond. Not everything needs a transformer. People love it more than the chatbot.',
    art: {
      kind: 'network-diagram',
      seed: 'kofi-autocomplete-mlp',
      title: 'The tiny MLP behind our autocomplete',
      labels: ['n-grams', 'hidden', 'hidden', 'next char'],
    },
    likedBy: ['yuki', 'samir', 'guest'],
    comments: [{ by: 'yuki', text: 'How big is the model file?', minutesAfterPost: 50 }],
  },
  {
    author: 'yuki',
    hoursAgo: 88,
    text:
      'Trained a small LoRA on my own sketchbook scans. The style transfers nicely to landscapes, falls ' +
      'apart on faces. Probably because there are about three faces in the whole sketchbook.',
    likedBy: ['anouk', 'lena'],
    comments: [],
  },
  {
    author: 'lena',
    hoursAgo: 101,
    text:
      'Probing experiment notes. We trained linear probes for "is this sentence negated" on every layer of a ' +
      '1B model. Accuracy climbs until the middle layers, plateaus, then dips slightly near the top.\n\n' +
      'What I find interesting is not the curve, which matches what others report, but how fragile it is: ' +
      'the same probe trained on a different split of the same dataset moves the peak by two layers. ' +
      'So a single probing curve says less than it seems to.\n\n' +
      'What we do now: five splits, report the spread, and a control task with shuffled labels to show how ' +
      'much the probe learns by itself. The control alone reaches 60% on some layers, which is sobering.\n\n' +
      'If you run probing studies, I would love to hear how you choose probe capacity. Linear feels too weak ' +
      'for some features and an MLP too strong for all of them.',
    likedBy: ['mira', 'rafael', 'anouk', 'tobias'],
    comments: [
      { by: 'rafael', text: 'The shuffled-label control should be mandatory in papers.', minutesAfterPost: 60 },
      { by: 'mira', text: 'We pick capacity by the smallest probe whose control task stays near chance.', minutesAfterPost: 140 },
      { by: 'anouk', text: 'Same fragility with vision probes. Splits matter a lot.', minutesAfterPost: 200 },
      { by: 'tobias', text: 'Following along. Please write this up.', minutesAfterPost: 260 },
    ],
  },
  {
    author: 'tobias',
    hoursAgo: 118,
    text:
      'Reminder that checkpointing is an I/O benchmark in disguise. Our 70B checkpoints took 9 minutes to ' +
      'write; sharded async saving brought the training stall down to 40 seconds.',
    likedBy: ['mira', 'samir'],
    comments: [{ by: 'samir', text: 'And test the restore path, not just the save. Ask me how I know.', minutesAfterPost: 35 }],
  },
  {
    author: 'rafael',
    hoursAgo: 133,
    text:
      'A/B test result that surprised me: showing fewer recommendations (6 instead of 12) raised clicks per ' +
      'session. Choice overload is real, even for playlists.',
    likedBy: ['kofi', 'yuki', 'guest'],
    comments: [
      { by: 'kofi', text: 'Did dwell time change too?', minutesAfterPost: 45 },
      { by: 'samir', text: 'Curious whether it holds once the novelty wears off.', minutesAfterPost: 70 },
    ],
  },
  {
    author: 'anouk',
    hoursAgo: 150,
    text:
      'Paper notes: read three papers on self-supervised pre-training for industrial inspection. The common ' +
      'thread is that in-domain unlabeled images beat a bigger generic backbone once you have more than a ' +
      'few thousand of them. Matches what we see on tiles.',
    likedBy: ['lena', 'mira'],
    comments: [],
  },
  {
    author: 'samir',
    hoursAgo: 171,
    text:
      'Our model registry now refuses a deploy when the eval report is older than the weights. Sounds ' +
      'obvious. It caught two stale deploys in its first week.',
    likedBy: ['tobias', 'kofi', 'rafael'],
    comments: [{ by: 'tobias', text: 'Stealing this policy.', minutesAfterPost: 25 }],
  },
  {
    author: 'yuki',
    hoursAgo: 196,
    text:
      'Generative study for a gallery wall: one field, forty seeds, printed small. The differences only show ' +
      'when they hang side by side.',
    art: { kind: 'generative-pattern', seed: 'yuki-gallery-wall', title: 'One field, seed 17 of 40' },
    likedBy: ['anouk', 'kofi', 'lena', 'guest'],
    comments: [
      { by: 'anouk', text: 'Seed 17 is my favourite so far.', minutesAfterPost: 30 },
      { by: 'lena', text: 'Where is the exhibition?', minutesAfterPost: 95 },
      { by: 'kofi', text: 'Seconding the question, I would visit.', minutesAfterPost: 120 },
    ],
  },
  {
    author: 'mira',
    hoursAgo: 240,
    text:
      'Data mixture notes from our last ablation: upsampling code from 10% to 20% of the mix improved ' +
      'reasoning benchmarks a little and hurt nothing we measure. Upsampling math past 8% started hurting ' +
      'general text. Small models are sensitive to the mix; write down every change.',
    likedBy: ['lena', 'tobias', 'rafael'],
    comments: [{ by: 'lena', text: 'Did the effect hold at the larger scale?', minutesAfterPost: 55 }],
  },
  {
    author: 'kofi',
    hoursAgo: 290,
    text:
      'Side project weekend: a React dashboard that tails training logs over WebSockets and draws the loss ' +
      'curve live. 300 lines, no chart library. Surprisingly relaxing to build.',
    likedBy: ['mira', 'guest'],
    comments: [
      { by: 'mira', text: 'Would use this. Does it handle multiple runs?', minutesAfterPost: 120 },
      { by: 'samir', text: 'Add a smoothing slider and I am sold.', minutesAfterPost: 180 },
    ],
  },
  {
    author: 'lena',
    hoursAgo: 360,
    text: 'Today I learned that half of our eval set had leaked into a public crawl. Rebuilding it from scratch. Always check.',
    likedBy: ['mira', 'anouk', 'rafael', 'samir'],
    comments: [{ by: 'rafael', text: 'Painful but right. Canary strings for the new one?', minutesAfterPost: 40 }],
  },
  {
    author: 'tobias',
    hoursAgo: 430,
    text:
      'Field report from upgrading a cluster\'s GPU drivers and CUDA toolkit, for anyone planning the same.\n\n' +
      '1. Drain one node, upgrade, run the full burn-in (NCCL all-reduce at every message size, a one-hour ' +
      'training job, memory tests). Only then roll to the rest.\n' +
      '2. Pin the container images to the toolkit version you tested. "latest" is how a Friday upgrade turns ' +
      'into a weekend.\n' +
      '3. Watch the all-reduce bandwidth, not only pass or fail. We saw a 15% drop from a changed default, ' +
      'not a failure.\n' +
      '4. Keep the old driver package on the nodes for a week so rollback is one command.\n\n' +
      'Whole cluster done in two days, zero failed jobs. Boring is the goal.',
    likedBy: ['samir', 'mira', 'kofi'],
    comments: [
      { by: 'samir', text: 'Point 3 is gold. We only alerted on failures until last year.', minutesAfterPost: 70 },
      { by: 'kofi', text: 'Boring is the goal, framing this one.', minutesAfterPost: 150 },
    ],
  },
  {
    author: 'anouk',
    hoursAgo: 500,
    text: 'Labelling tip: let annotators flag "not sure" instead of forcing a choice. Those flags found most of our label noise.',
    likedBy: ['rafael', 'yuki'],
    comments: [],
  },
  {
    author: 'rafael',
    hoursAgo: 600,
    text:
      'Starting a small series on evaluating recommenders offline without fooling yourself. Part one: why ' +
      'your held-out set should be split by time, not at random.',
    likedBy: ['lena', 'samir'],
    comments: [{ by: 'samir', text: 'Looking forward to part two.', minutesAfterPost: 300 }],
  },
];
