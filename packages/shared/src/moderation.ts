import { z } from 'zod';
import { ZCommonModel } from './common';
import { ZAuthor, ZDiscussion } from './forums';
import { CONTENT_MODELS, type ContentModel } from './content-kinds';
import { ZContentModel } from './content';
import { zPage, ZPageQuery } from './pagination';
import { zText } from './text';

/**
 * Moderation contracts of issue 4: members report content, staff review it, staff feature
 * discussions, polls and quizzes.
 *
 * - POST `/api/forums/report/` {model, id, reason, details?} → 201 Report. One open report per
 *   member per object; an object with REPORTS_TO_HIDE open reports is hidden at once.
 * - GET `/api/moderation/reports/?cursor=&limit=` (staff) → ReportedObjectPage: objects with open
 *   reports, grouped per object, the longest waiting first.
 * - POST `/api/moderation/reports/{model}/{id}/dismiss/` (staff) → ModerationDecision: closes the
 *   open reports as dismissed and shows the object again if reports had hidden it.
 * - POST `/api/moderation/reports/{model}/{id}/hide/` (staff) → ModerationDecision: closes them
 *   as hidden; the object stays (or becomes) hidden.
 * - GET `/api/common/featured-post/?model_type=forum|poll|quiz&cursor=&limit=` → FeedPage: the
 *   published objects of that kind staff featured, newest featured first, each in its kind's
 *   shape (FeaturedPage for `forum`).
 * - GET `/api/common/featured-post/{model}/{id}/` → FeaturedStatus.
 * - POST `/api/common/featured-post/` {model, id} (staff) → 201 FeaturedStatus; DELETE with the
 *   same body (staff) → 204. Both are idempotent.
 */

export const REPORT_MODELS = CONTENT_MODELS;
export type ReportModel = ContentModel;

export const REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Abusive or harassing',
  'off-topic': 'Off-topic',
  other: 'Something else',
};

/** Open reports from this many members hide the object until staff decide. */
export const REPORTS_TO_HIDE = 3;
export const REPORT_DETAILS_MAX_LENGTH = 1000;

const ZId = z.number('Send the id as a number.').int().positive('Send a valid id.');
const ZIsoDateTime = z.iso.datetime({ offset: true });
const ZReportModel = ZContentModel;

/** POST `/api/forums/report/`. */
export const ZCreateReport = z.object({
  model: ZReportModel,
  id: ZId,
  reason: z.enum(REPORT_REASONS, 'Choose spam, abuse, off-topic or other.'),
  details: zText('Write the details as text.')
    .trim()
    .max(
      REPORT_DETAILS_MAX_LENGTH,
      `Keep the details to at most ${REPORT_DETAILS_MAX_LENGTH.toLocaleString('en')} characters.`,
    )
    .default(''),
});
export type CreateReport = z.input<typeof ZCreateReport>;

export const ZReport = z.object({
  id: ZId,
  model: ZReportModel,
  objectId: ZId,
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.literal('open'),
  createdAt: ZIsoDateTime,
});
export type Report = z.infer<typeof ZReport>;

/** One member's report, as staff see it. */
export const ZReportEntry = z.object({
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  reporter: ZAuthor,
  createdAt: ZIsoDateTime,
});
export type ReportEntry = z.infer<typeof ZReportEntry>;

/** How the reported object is now: shown, hidden (by reports or staff), or gone. */
export const REPORTED_OBJECT_STATES = ['visible', 'hidden', 'deleted'] as const;
export type ReportedObjectState = (typeof REPORTED_OBJECT_STATES)[number];

/** An object with open reports, grouped: what staff need to decide. */
export const ZReportedObject = z.object({
  model: ZReportModel,
  id: ZId,
  /** The discussion's title (for a comment: the title of its discussion). */
  title: z.string(),
  /** The start of the reported text. */
  excerpt: z.string(),
  /** Null once the object was deleted. */
  author: ZAuthor.nullable(),
  /** Where the object is shown in the web app, e.g. `/discussions/12#comment-40`. */
  url: z.string(),
  state: z.enum(REPORTED_OBJECT_STATES),
  openReports: z.number().int().positive(),
  /** The open reports, oldest first. */
  reports: z.array(ZReportEntry),
  firstReportedAt: ZIsoDateTime,
});
export type ReportedObject = z.infer<typeof ZReportedObject>;

export const ZReportedObjectPage = zPage(ZReportedObject);
export type ReportedObjectPage = z.infer<typeof ZReportedObjectPage>;

export const ZReportedObjectQuery = ZPageQuery;

/** `{model}/{id}` in a moderation path. */
export const ZReportedObjectParams = z.object({
  model: ZReportModel,
  id: z.coerce.number('Use a numeric id.').int('Use a numeric id.').positive('Use a numeric id.'),
});
export type ReportedObjectParams = z.infer<typeof ZReportedObjectParams>;

export const MODERATION_DECISIONS = ['dismiss', 'hide'] as const;
export type ModerationDecisionKind = (typeof MODERATION_DECISIONS)[number];

export const ZModerationDecision = z.object({
  model: ZReportModel,
  id: ZId,
  decision: z.enum(MODERATION_DECISIONS),
  /** How many open reports the decision closed. */
  closedReports: z.number().int().positive(),
  state: z.enum(REPORTED_OBJECT_STATES),
});
export type ModerationDecision = z.infer<typeof ZModerationDecision>;

const ZFeaturedModel = ZCommonModel;
export type FeaturedModel = z.infer<typeof ZFeaturedModel>;

/** GET `/api/common/featured-post/?model_type=forum|poll|quiz`. */
export const ZFeaturedQuery = ZPageQuery.extend({ model_type: ZFeaturedModel });
export type FeaturedQuery = z.input<typeof ZFeaturedQuery>;

/** The featured discussions (`model_type=forum`); polls and quizzes come as PollPage, QuizPage. */
export const ZFeaturedPage = zPage(ZDiscussion);
export type FeaturedPage = z.infer<typeof ZFeaturedPage>;

/** POST and DELETE `/api/common/featured-post/`. */
export const ZFeatureRef = z.object({ model: ZFeaturedModel, id: ZId });
export type FeatureRef = z.infer<typeof ZFeatureRef>;

/** `{model}/{id}` of GET `/api/common/featured-post/{model}/{id}/`. */
export const ZFeatureParams = z.object({
  model: ZFeaturedModel,
  id: z.coerce.number('Use a numeric id.').int('Use a numeric id.').positive('Use a numeric id.'),
});

export const ZFeaturedStatus = z.object({
  model: ZFeaturedModel,
  id: ZId,
  featured: z.boolean(),
  /** When staff featured it; null when it is not featured. */
  featuredAt: ZIsoDateTime.nullable(),
});
export type FeaturedStatus = z.infer<typeof ZFeaturedStatus>;
