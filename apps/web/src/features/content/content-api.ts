import { ZReport } from '@agora/shared';
import type { CreateReport, Report } from '@agora/shared';
import { api } from '../../lib/api';

/**
 * What every kind of content shares through the kernel's generic endpoints, keyed by
 * `(model, id)`. A report refreshes the staff's review queue (the moderation feature's tag).
 */
const contentApi = api.enhanceEndpoints({ addTagTypes: ['ReportQueue'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/forums/report/. */
    createReport: build.mutation<Report, CreateReport>({
      query: (data) => ({ url: '/api/forums/report/', method: 'POST', data }),
      transformResponse: (data: unknown) => ZReport.parse(data),
      invalidatesTags: (_data, error) => (error ? [] : ['ReportQueue']),
    }),
  }),
});

export const { useCreateReportMutation } = contentApi;
