import type { Random } from './random';

/**
 * Forum-like text from word lists and sentence shapes: varied enough that full-text search,
 * ranking and snippets behave as on real content, and cheap enough for a million comments.
 */

export const SEED_TAGS = [
  'javascript',
  'typescript',
  'postgres',
  'react',
  'linux',
  'open-source',
  'security',
  'design',
  'career',
  'remote-work',
  'startups',
  'gardening',
  'cooking',
  'baking',
  'coffee',
  'travel',
  'hiking',
  'cycling',
  'running',
  'photography',
  'music',
  'books',
  'writing',
  'movies',
  'gaming',
  'diy',
  'woodworking',
  'electronics',
  'science',
  'space',
  'history',
  'climate',
  'parenting',
  'pets',
  'finance',
  'education',
  'language-learning',
  'architecture',
  'art',
  'health',
] as const;

const NOUNS = [
  'approach',
  'setup',
  'routine',
  'project',
  'habit',
  'budget',
  'workflow',
  'garden',
  'recipe',
  'camera',
  'library',
  'database',
  'keyboard',
  'bike',
  'trail',
  'kitchen',
  'schedule',
  'team',
  'deadline',
  'tool',
  'guide',
  'course',
  'plan',
  'mistake',
  'question',
  'idea',
  'tradeoff',
  'weekend',
  'neighbourhood',
  'community',
  'story',
  'result',
  'problem',
  'solution',
  'method',
  'experiment',
  'notebook',
  'playlist',
  'map',
  'checklist',
  'deployment',
  'index',
  'query',
  'server',
  'script',
  'sourdough',
  'espresso',
  'tent',
  'lens',
  'novel',
  'chapter',
  'sketch',
] as const;

const VERBS = [
  'organise',
  'improve',
  'learn',
  'fix',
  'start',
  'plan',
  'build',
  'choose',
  'measure',
  'share',
  'simplify',
  'automate',
  'test',
  'repair',
  'clean up',
  'speed up',
  'keep track of',
  'explain',
  'compare',
  'rethink',
  'document',
  'grow',
  'cook',
  'photograph',
  'record',
  'budget for',
] as const;

const ADJECTIVES = [
  'simple',
  'cheap',
  'reliable',
  'slow',
  'fast',
  'noisy',
  'quiet',
  'old',
  'new',
  'second-hand',
  'small',
  'huge',
  'surprising',
  'boring',
  'useful',
  'fragile',
  'sturdy',
  'popular',
  'obscure',
  'practical',
  'messy',
  'tidy',
  'local',
  'free',
  'expensive',
  'honest',
  'careful',
] as const;

const OPENERS = [
  'Honestly,',
  'In my experience,',
  'For what it is worth,',
  'Last year',
  'A friend told me that',
  'After a few months,',
  'To be fair,',
  'Funny enough,',
  'As far as I can tell,',
  'Years ago',
  'The first time I tried,',
  'Looking back,',
  'Right now',
  'On the other hand,',
] as const;

const CLAUSES = [
  'I ended up with a {adj} {noun} that nobody else wanted',
  'the {noun} turned out to be the {adj} part',
  'it took me a while to {verb} the {noun}',
  'we decided to {verb} our {noun} every week',
  'the {adj} {noun} beat the fancy one by a mile',
  'nobody warned me how {adj} the {noun} would get',
  'I keep a {adj} {noun} next to my desk for exactly this',
  'the trick was to {verb} the {noun} before anything else',
  'my {noun} is still {adj} but it works',
  'a {adj} {noun} is better than no {noun} at all',
  'the hardest part was deciding when to stop',
  'I wrote down every {noun} for a month and the pattern was obvious',
  'it saved me a lot of time and a bit of money',
  'you should {verb} the {noun} first and worry about the rest later',
  'people here gave me great advice about {topic}',
  'I changed my mind about {topic} completely',
] as const;

const QUESTIONS = [
  'Has anyone tried to {verb} a {adj} {noun}?',
  'What would you {verb} first?',
  'Is a {adj} {noun} worth it for {topic}?',
  'How do you {verb} your {noun} without losing a weekend?',
  'Am I missing something obvious here?',
  'Any tips for someone new to {topic}?',
] as const;

const TITLES = [
  'How do you {verb} your {noun}?',
  'A {adj} {noun} for {topic}: what worked for me',
  'Thoughts on {topic} in 2026',
  'Is a {adj} {noun} worth it?',
  'My first year of {topic}',
  'Tips to {verb} a {noun} on a budget',
  '{Adj} {noun} vs {adj} {noun}: which one would you pick?',
  'What I learned when I tried to {verb} my {noun}',
  'Beginner question about {topic}',
  'The {adj} {noun} that changed my {topic} routine',
  'Show and tell: my {adj} {noun}',
  'Why is {topic} so hard to get right?',
] as const;

const CODE_SNIPPETS = [
  "select id, title\nfrom discussions\nwhere created_at > now() - interval '7 days'\norder by created_at desc\nlimit 20;",
  'const total = items.reduce((sum, item) => sum + item.price, 0);\nconsole.log(total.toFixed(2));',
  'for file in *.jpg; do\n  convert "$file" -resize 50% "small-$file"\ndone',
  'def fahrenheit(celsius):\n    return celsius * 9 / 5 + 32',
  'git log --oneline --since="2 weeks ago" | wc -l',
] as const;

export class TextGenerator {
  constructor(private readonly random: Random) {}

  private fill(template: string, topic: string): string {
    const r = this.random;
    return template
      .replace(/\{Adj\}/g, () => capitalise(r.pick(ADJECTIVES)))
      .replace(/\{adj\}/g, () => r.pick(ADJECTIVES))
      .replace(/\{noun\}/g, () => r.pick(NOUNS))
      .replace(/\{verb\}/g, () => r.pick(VERBS))
      .replace(/\{topic\}/g, topic);
  }

  /** A title of 3 to 200 characters about one of the tags. */
  title(topic: string): string {
    return capitalise(this.fill(this.random.pick(TITLES), topic.replace(/-/g, ' ')));
  }

  sentence(topic: string): string {
    const r = this.random;
    if (r.chance(0.15)) return this.fill(r.pick(QUESTIONS), topic);
    let text = this.fill(r.pick(CLAUSES), topic);
    if (r.chance(0.35)) text = `${r.pick(OPENERS)} ${text}`;
    if (r.chance(0.3)) text += `, and ${this.fill(r.pick(CLAUSES), topic)}`;
    if (r.chance(0.08)) text = text.replace(/(\w+)$/, '**$1**');
    if (r.chance(0.06)) text = text.replace(/ (\w+) /, ' _$1_ ');
    return `${capitalise(text)}${r.chance(0.1) ? '!' : '.'}`;
  }

  paragraph(topic: string, min: number, max: number): string {
    const count = this.random.int(min, max);
    return Array.from({ length: count }, () => this.sentence(topic)).join(' ');
  }

  /** A discussion body in Markdown: paragraphs with now and then a heading, list, quote or code. */
  discussion(topic: string): string {
    const r = this.random;
    const blocks = [this.paragraph(topic, 2, 5)];
    const extra = r.int(0, 4);
    for (let index = 0; index < extra; index += 1) {
      const kind = r.next();
      if (kind < 0.35) blocks.push(this.paragraph(topic, 1, 4));
      else if (kind < 0.55) blocks.push(this.list(topic, r.chance(0.4)));
      else if (kind < 0.67) blocks.push(`> ${this.sentence(topic)}`);
      else if (kind < 0.77) blocks.push(`## ${capitalise(r.pick(NOUNS))} and ${r.pick(NOUNS)}`);
      else if (kind < 0.87) blocks.push(`\`\`\`\n${r.pick(CODE_SNIPPETS)}\n\`\`\``);
      else blocks.push(`More in [this ${r.pick(NOUNS)} guide](https://example.org/${topic}).`);
    }
    if (r.chance(0.4)) blocks.push(this.fill(r.pick(QUESTIONS), topic));
    return blocks.join('\n\n');
  }

  /** A comment: usually a sentence or two, sometimes quoting or listing. */
  comment(topic: string): string {
    const r = this.random;
    const kind = r.next();
    if (kind < 0.08) return `> ${this.sentence(topic)}\n\n${this.paragraph(topic, 1, 2)}`;
    if (kind < 0.13) return `${this.sentence(topic)}\n\n${this.list(topic, false)}`;
    if (kind < 0.2) return r.pick(['+1', 'Thanks, this helped!', 'Same here.', 'Great write-up.']);
    return this.paragraph(topic, 1, 3);
  }

  private list(topic: string, numbered: boolean): string {
    const count = this.random.int(2, 5);
    return Array.from({ length: count }, (_, index) => {
      const marker = numbered ? `${index + 1}.` : '-';
      return `${marker} ${capitalise(this.fill('{adj} {noun}', topic))}`;
    }).join('\n');
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
