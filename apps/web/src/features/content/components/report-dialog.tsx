import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  ZCreateReport,
} from '@agora/shared';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../lib/toasts/use-toast';
import { apiFailure, applyServerErrors, bindField } from '../../auth';
import { useCreateReportMutation } from '../content-api';
import type { ContentModel } from '../content-names';
import { CONTENT_NAMES } from '../content-names';

const REPORT_THANKS = 'Thanks — our moderators will take a look.';

/** The form's part of the report contract, with a message for a reason not yet chosen. */
const ZReportForm = z.object({
  reason: z.enum(REPORT_REASONS, 'Choose a reason.'),
  details: ZCreateReport.shape.details,
});
type ReportForm = z.input<typeof ZReportForm>;

export interface ReportDialogProps {
  model: ContentModel;
  id: number;
  open: boolean;
  onClose: () => void;
}

/** Asks why a member reports a discussion, comment or reply, and sends the report. */
export function ReportDialog({ model, id, open, onClose }: ReportDialogProps) {
  const toast = useToast();
  const [createReport] = useCreateReportMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ReportForm, unknown, z.output<typeof ZReportForm>>({
    resolver: zodResolver(ZReportForm),
    defaultValues: { details: '' },
  });
  const titleId = `report-${model}-${id}-title`;
  const details = useWatch({ control: form.control, name: 'details' }) ?? '';

  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await createReport({ model, id, ...values }).unwrap();
    } catch (error) {
      const { data, message } = apiFailure(error);
      const rest = applyServerErrors(data, ['reason', 'details'], form.setError, message);
      if (rest !== undefined) setProblem(rest);
      return;
    }
    toast.success(REPORT_THANKS);
    close();
  });

  return (
    <FormDialog
      open={open}
      titleId={titleId}
      title={`Report this ${CONTENT_NAMES[model]}`}
      intro="Tell our moderators what is wrong. Posts reported by several members are hidden until a moderator has looked at them."
      problem={problem}
      submitting={form.formState.isSubmitting}
      submitLabel="Send report"
      onSubmit={onSubmit}
      onClose={close}
    >
      <Controller
        control={form.control}
        name="reason"
        render={({ field, fieldState }) => (
          <FormControl error={fieldState.error !== undefined} sx={{ mb: 2 }}>
            <FormLabel id={`${titleId}-reason`}>Reason</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-reason`}
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
            >
              {REPORT_REASONS.map((reason) => (
                <FormControlLabel
                  key={reason}
                  value={reason}
                  control={
                    <Radio
                      // The first choice takes the focus when no reason was chosen.
                      slotProps={{
                        input: { ref: reason === REPORT_REASONS[0] ? field.ref : undefined },
                      }}
                    />
                  }
                  label={REPORT_REASON_LABELS[reason]}
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <TextField
        label="Details (optional)"
        multiline
        minRows={3}
        fullWidth
        {...bindField(
          form,
          'details',
          `${details.length.toLocaleString('en')} / ${REPORT_DETAILS_MAX_LENGTH.toLocaleString('en')}`,
        )}
        slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
