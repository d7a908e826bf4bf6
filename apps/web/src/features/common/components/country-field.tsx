import { useMemo } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import MyLocationRounded from '@mui/icons-material/MyLocationRounded';
import { useToast } from '../../../lib/toasts/use-toast';
import { useGetCountriesQuery } from '../places-api';
import { useCurrentPlace } from './use-current-place';

interface CountryFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label?: string;
}

/**
 * A country chosen from the server's ISO 3166 list (by name, as profiles store it), with a
 * "Use my location" button that fills it from the browser's position.
 */
export function CountryField<T extends FieldValues>({
  control,
  name,
  label = 'Country',
}: CountryFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const countries = useGetCountriesQuery(undefined);
  const { locate, locating } = useCurrentPlace();
  const toast = useToast();
  const value = typeof field.value === 'string' ? field.value : '';

  // A country typed freely before the list existed stays choosable until it is changed.
  const options = useMemo(() => {
    const names = (countries.data ?? []).map((country) => country.name);
    return value && !names.includes(value) ? [value, ...names] : names;
  }, [countries.data, value]);

  const fillFromLocation = async () => {
    try {
      const place = await locate();
      if (!place.country) {
        toast.info('No country was found where you are. Choose it from the list.');
        return;
      }
      field.onChange(place.country);
      toast.success(
        `Your location: ${[place.city, place.region, place.country].filter(Boolean).join(', ')}.`,
      );
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Autocomplete
        options={options}
        value={value || null}
        onChange={(_event, chosen) => field.onChange(chosen ?? '')}
        onBlur={field.onBlur}
        loading={countries.isLoading}
        autoHighlight
        autoSelect
        sx={{ flex: '1 1 16rem' }}
        renderInput={(params) => (
          <TextField
            {...params}
            id={`field-${name}`}
            label={label}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message ??
              (countries.isError ? 'The list of countries could not be loaded.' : undefined)
            }
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' },
            }}
          />
        )}
      />
      <Button
        variant="outlined"
        startIcon={<MyLocationRounded />}
        onClick={() => void fillFromLocation()}
        loading={locating}
        sx={{ mt: 1, flexShrink: 0 }}
      >
        Use my location
      </Button>
    </Box>
  );
}
