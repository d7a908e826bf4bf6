/** The welcoming demo's discussions, with who comments, replies, likes, votes and bookmarks. */

export interface DemoComment {
  by: string;
  content: string;
  likedBy?: string[];
  replies?: DemoComment[];
}

export interface DemoDiscussion {
  by: string;
  daysAgo: number;
  title: string;
  content: string;
  tags: string[];
  pollChoices?: string[];
  /** Member → index of the choice they vote for. */
  votes?: Record<string, number>;
  likedBy?: string[];
  bookmarkedBy?: string[];
  comments?: DemoComment[];
}

export const DEMO_DISCUSSIONS: DemoDiscussion[] = [
  {
    by: 'emil',
    daysAgo: 13,
    title: 'Welcome to Agora — start here',
    tags: ['announcements', 'community'],
    content: `Hello and welcome! 👋

This is a small, friendly place to talk about the things we make, grow, cook and fix.

## A few house rules

1. Be kind. Disagree with ideas, not with people.
2. Search before you post — someone may have asked already.
3. Use **tags** so others can find your discussion.

## Getting around

- **Home** shows what is new and trending across discussions, polls and quizzes, your unread chats and notifications, and tags to follow.
- **Discussions**, **Polls** and **Quizzes** each have their own page in the menu, with **Latest**, **Trending** and **Top** tabs at the top of the list.
- Click a tag to see everything about it, or pick one in the tag filter above a list.
- Run a **poll** or a **quiz** of your own; answer others' and see how the community voted.
- Bookmark a discussion to read it later, and chat one to one from the **Chat** page.

If something looks wrong, use the flag button (its label says "Report") beside the like and bookmark buttons of the post or comment and a moderator will have a look.`,
    likedBy: ['ada', 'ben', 'chloe', 'devika', 'fatima'],
    bookmarkedBy: ['devika'],
    comments: [
      {
        by: 'ada',
        content: 'Thanks for setting this up, Emil! Happy to be here.',
        likedBy: ['emil'],
      },
      {
        by: 'fatima',
        content: 'Is there a place to announce meetups, or should we just use a tag?',
        replies: [
          {
            by: 'emil',
            content: 'Use the `meetups` tag for now — if it gets busy we will add a section.',
            likedBy: ['fatima'],
          },
        ],
      },
    ],
  },
  {
    by: 'ada',
    daysAgo: 12,
    title: 'Why is my PostgreSQL query slow only on production?',
    tags: ['postgres', 'performance'],
    content: `Locally this takes 3 ms, on production it takes 900 ms:

\`\`\`sql
select id, title
from discussions
where status = 'published'
order by created_at desc
limit 20;
\`\`\`

Same schema, same indexes (I checked with \`\\d discussions\`). The production table has
about 2 million rows, my laptop has 5,000.

What should I look at first? \`EXPLAIN ANALYZE\` shows a **Seq Scan** on production.`,
    likedBy: ['emil', 'devika'],
    comments: [
      {
        by: 'emil',
        content: `An index on \`created_at\` alone will not help when you also filter on status. Try a partial index:

\`\`\`sql
create index on discussions (created_at desc) where status = 'published';
\`\`\`

And run \`analyze discussions;\` after big imports — stale statistics fool the planner.`,
        likedBy: ['ada', 'devika', 'ben'],
        replies: [
          {
            by: 'ada',
            content: 'That was it — 4 ms now. The statistics were a week old. Thank you!',
            likedBy: ['emil'],
          },
        ],
      },
    ],
  },
  {
    by: 'ben',
    daysAgo: 11,
    title: 'Tomato blight again: what actually works?',
    tags: ['gardening'],
    content: `Third year in a row my outdoor tomatoes have blight by mid-August.

What I have tried so far:

- Watering at the base only, in the morning
- Removing lower leaves up to 30 cm
- A copper spray (did nothing, as far as I can tell)

Next year I am thinking of **blight-resistant varieties** like *Crimson Crush*. Has anyone grown them?`,
    likedBy: ['fatima', 'chloe'],
    comments: [
      {
        by: 'fatima',
        content:
          'Crimson Crush did well for my neighbour, and the taste is decent. Greenhouse helps more than anything though.',
        likedBy: ['ben'],
      },
      {
        by: 'chloe',
        content: 'Rotate where you plant them too — the spores overwinter in the soil and debris.',
        replies: [
          { by: 'ben', content: 'Good point, they have been in the same bed for three years.' },
        ],
      },
    ],
  },
  {
    by: 'chloe',
    daysAgo: 10,
    title: 'Film or digital for a two-week trek?',
    tags: ['photography', 'hiking'],
    content: `I am walking the GR20 in Corsica next summer and can only carry **one** camera.

| | Film (Olympus OM-1) | Digital (Fuji X-T4) |
|---|---|---|
| Weight | 510 g + rolls | 607 g + batteries |
| Power | none needed | charging every 2–3 days |
| Cost per photo | about €0.60 | nothing |

The romantic in me says film. The person who has to charge batteries in a refuge says… also film?`,
    pollChoices: ['Film, obviously', 'Digital, be practical', 'Take your phone and enjoy the walk'],
    votes: { ada: 2, ben: 0, devika: 2, emil: 0, fatima: 1 },
    likedBy: ['devika', 'emil'],
    comments: [
      {
        by: 'devika',
        content: 'Phone + one roll of film for the best days. You will look at the scenery more.',
        likedBy: ['chloe', 'ada'],
      },
    ],
  },
  {
    by: 'devika',
    daysAgo: 9,
    title: 'Five accessibility checks you can do in ten minutes',
    tags: ['design', 'accessibility'],
    content: `Not a full audit, but these catch most problems I see:

1. **Tab through the page.** Can you reach everything? Can you see where the focus is?
2. **Zoom to 200%.** Does the layout still work, or does text get cut off?
3. **Check contrast** of grey text on white — it is usually too light.
4. **Read the alt text** of images. "image123.png" is not a description.
5. **Use a screen reader** for one minute: VoiceOver on a Mac, NVDA on Windows.

> Accessibility is not a feature you add at the end; it is a quality of everything you build.

What would you add to the list?`,
    likedBy: ['ada', 'emil', 'chloe', 'fatima'],
    bookmarkedBy: ['ada', 'emil'],
    comments: [
      {
        by: 'ada',
        content: 'Forms: every input needs a real `<label>`, not just a placeholder.',
        likedBy: ['devika'],
      },
      {
        by: 'emil',
        content: 'Reduced motion! Some of us get dizzy from parallax effects.',
        likedBy: ['devika', 'chloe'],
      },
    ],
  },
  {
    by: 'fatima',
    daysAgo: 8,
    title: 'Friday astronomy club: Saturn is back',
    tags: ['space', 'meetups'],
    content: `This Friday from 21:30 on the hill behind the school (weather permitting).

**What to see**

- Saturn and its rings, low in the south-east
- The Andromeda galaxy with binoculars
- Maybe a few Perseids if we are lucky

Bring warm clothes, a red torch if you have one, and something hot to drink. Telescopes provided!`,
    likedBy: ['ben', 'emil'],
    comments: [
      { by: 'ben', content: 'I will bring my old 8" Dobsonian if someone can help carry it.' },
    ],
  },
  {
    by: 'emil',
    daysAgo: 7,
    title: 'Show and tell: a walnut side table',
    tags: ['woodworking', 'diy'],
    content: `My first piece with proper **mortise and tenon** joints. Took three weekends.

Finish is three coats of hard wax oil, sanded to 320 between coats. Lessons learned:

- Mark every joint. *Every* joint.
- A sharp chisel is safer than a blunt one.
- Walnut dust gets everywhere.

Happy to share the drawings if anyone wants them.`,
    likedBy: ['ada', 'ben', 'chloe', 'devika'],
    comments: [
      {
        by: 'chloe',
        content: 'Beautiful grain! Would love the drawings.',
        replies: [{ by: 'emil', content: 'Sent you a message with the PDF.' }],
      },
    ],
  },
  {
    by: 'ada',
    daysAgo: 6,
    title: 'Sourdough starter keeps dying',
    tags: ['baking', 'cooking'],
    content: `Day 6 and my starter smells like nail polish remover and has stopped rising.

Feeding: 50 g flour + 50 g water every 24 h, kitchen at about 28 °C.

Is it dead or just hungry?`,
    likedBy: ['ben'],
    comments: [
      {
        by: 'ben',
        content:
          'Hungry! The acetone smell means it ran out of food. At 28 °C feed it twice a day and it will perk up.',
        likedBy: ['ada', 'fatima'],
        replies: [{ by: 'ada', content: 'Two feeds a day and it doubled by evening. Alive!' }],
      },
    ],
  },
  {
    by: 'devika',
    daysAgo: 5,
    title: 'Couch to 5K: week 6 check-in',
    tags: ['running', 'health'],
    content: `Week 6, run 3 was **25 minutes without stopping**. Two months ago I could not run for the bus.

What helped:

- Going slower than felt necessary
- Running with a podcast instead of music
- Telling people here, so I could not quit quietly 😄`,
    likedBy: ['ada', 'ben', 'chloe', 'emil', 'fatima'],
    comments: [
      { by: 'fatima', content: 'Bravo! The slow part is the secret nobody believes.' },
      { by: 'emil', content: 'Next step: a parkrun. Everyone is friendly, promise.' },
    ],
  },
  {
    by: 'ben',
    daysAgo: 4,
    title: 'A maths puzzle for the weekend',
    tags: ['puzzles', 'education'],
    content: `A snail climbs a 10 m well. Each day it climbs 3 m, each night it slides back 2 m.

**On which day does it reach the top?**

Please put answers in a spoiler… or at least wait a day before posting them!`,
    pollChoices: ['Day 8', 'Day 10', 'Day 7'],
    votes: { ada: 0, chloe: 1, devika: 0, emil: 0, fatima: 0 },
    comments: [
      {
        by: 'fatima',
        content: 'Careful with the last day — once it is at the top it does not slide back.',
        likedBy: ['ben'],
      },
    ],
  },
  {
    by: 'chloe',
    daysAgo: 3,
    title: 'Best day hikes around Grenoble',
    tags: ['hiking', 'travel'],
    content: `For anyone visiting the Alps, my three favourites:

- **Lac du Crozet** — 3 h return, a lake that mirrors the peaks
- **Moucherotte** — steep, with the whole city below you
- **Chamechaude** — the highest in the Chartreuse, a bit of scrambling at the end

Go early in summer: storms often build after 2 pm. More on [the regional park site](https://www.parc-chartreuse.net/).`,
    likedBy: ['devika', 'fatima'],
    bookmarkedBy: ['fatima', 'devika'],
  },
  {
    by: 'fatima',
    daysAgo: 2,
    title: 'How do you explain electricity to ten-year-olds?',
    tags: ['education', 'science'],
    content: `Next week my class starts a unit on circuits. The water-in-pipes analogy works for current, but they get lost at voltage.

Any analogies or hands-on experiments that worked for you?`,
    likedBy: ['ben', 'devika'],
    comments: [
      {
        by: 'ben',
        content:
          'Lemon batteries! Four lemons, copper coins and galvanised nails light an LED. They never forget it.',
        likedBy: ['fatima', 'ada', 'emil'],
        replies: [
          { by: 'fatima', content: 'Love it, adding it to the plan.' },
          { by: 'ada', content: 'Potatoes work too, if lemons are expensive.' },
        ],
      },
    ],
  },
  {
    by: 'emil',
    daysAgo: 1,
    title: 'Cycling to work in winter: gear list',
    tags: ['cycling'],
    content: `Eight winters of commuting in Uppsala. What I would buy again:

- Studded tyres (the single best purchase)
- Lobster gloves
- A buff and clear glasses for snowy days
- Two rear lights, one blinking and one steady

What I would **not** buy again: expensive waterproof trousers. Rain legs do the job.`,
    likedBy: ['ada', 'chloe'],
    comments: [
      { by: 'devika', content: 'Studded tyres on a cargo bike — game changer for the school run.' },
    ],
  },
  {
    by: 'devika',
    daysAgo: 1,
    title: 'Book club: what are you reading this month?',
    tags: ['books'],
    content: `I just finished *The Left Hand of Darkness* by Ursula K. Le Guin and keep thinking about it.

Next on my list is *Piranesi*. What is on your night stand?`,
    likedBy: ['fatima'],
    comments: [
      { by: 'ada', content: '*Designing Data-Intensive Applications*, for the third time.' },
      {
        by: 'chloe',
        content: 'Piranesi is wonderful — go in knowing as little as possible.',
        likedBy: ['devika'],
      },
    ],
  },
  {
    by: 'ada',
    daysAgo: 0,
    title: 'Tabs or spaces in 2026?',
    tags: ['programming'],
    content: `I know, I know. But our team is starting a new project and the debate is back.

Let the formatter decide, or is there still a good argument either way?`,
    comments: [
      {
        by: 'emil',
        content: 'Let the formatter decide and never speak of it again. 🙂',
        likedBy: ['ada', 'devika'],
      },
    ],
  },
];
