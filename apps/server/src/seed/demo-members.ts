/**
 * The welcoming demo's members (they all sign in with DEMO_PASSWORD), written by hand so a
 * first look at Agora reads like a real community.
 */
import type { MemberRole } from '@agora/shared';

export interface DemoMember {
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  role?: MemberRole;
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Okafor',
    bio: 'Backend developer in Lagos. I tune PostgreSQL queries for fun and bake bread while they run.',
  },
  {
    username: 'ben',
    firstName: 'Ben',
    lastName: 'Carter',
    bio: 'Retired maths teacher with an allotment in Leeds. Ask me about tomatoes.',
  },
  {
    username: 'chloe',
    firstName: 'Chloé',
    lastName: 'Martin',
    bio: 'Photographer and hiker in Grenoble. Mostly film, sometimes digital, always too many lenses.',
  },
  {
    username: 'devika',
    firstName: 'Devika',
    lastName: 'Rao',
    bio: 'Product designer and accessibility advocate. Slow runner, fast reader.',
  },
  {
    username: 'emil',
    firstName: 'Emil',
    lastName: 'Johansson',
    bio: 'Keeps this community running. Woodworking, cycling and far too much coffee.',
    role: 'admin',
  },
  {
    username: 'fatima',
    firstName: 'Fatima',
    lastName: 'Benali',
    bio: 'Science teacher in Marseille. The astronomy club meets on Fridays, everyone is welcome.',
  },
];
