import { t, type PageMessageKey } from '#lib/i18n.pages.ts';
import {
  ADDRESS_MAX_LENGTH,
  ASSET_DETAIL_MAX_LENGTH,
  CLOTHES_SIZE_MAX_LENGTH,
  CONTACT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  UPI_MAX_LENGTH,
  WARRANTY_MAX_LENGTH,
} from '#lib/limits.ts';
import { FormField } from './form-field.tsx';
import { TextField } from './text-field.tsx';

type FieldSpec = {
  label: PageMessageKey;
  kind?: 'text' | 'tel' | 'digits';
  maxLength?: number;
  autoComplete?: string;
  placeholder?: PageMessageKey;
  hint?: PageMessageKey;
};

/**
 * How every listing form (supply, request, admin property and asset) shows each text field: its
 * label, keyboard and the length its schema allows (lib/limits.ts).
 */
const LISTING_FIELDS = {
  title: { label: 'supply.fieldTitle', maxLength: TITLE_MAX_LENGTH },
  name: { label: 'manage.fieldName', maxLength: TITLE_MAX_LENGTH },
  price: { label: 'form.priceRwf', kind: 'digits' },
  location: { label: 'listing.location', maxLength: LOCATION_MAX_LENGTH },
  address: { label: 'listing.address', maxLength: ADDRESS_MAX_LENGTH },
  upi: { label: 'listing.upi', maxLength: UPI_MAX_LENGTH, hint: 'listing.upiHint' },
  owner: { label: 'listing.owner', maxLength: NAME_MAX_LENGTH },
  contact: {
    label: 'listing.contact',
    kind: 'tel',
    maxLength: CONTACT_MAX_LENGTH,
    autoComplete: 'tel',
    placeholder: 'inquiry.phonePlaceholder',
  },
  requesterName: {
    label: 'request.requesterName',
    maxLength: NAME_MAX_LENGTH,
    autoComplete: 'name',
  },
  area: { label: 'form.areaSqm', kind: 'digits' },
  bedrooms: { label: 'listing.bedrooms', kind: 'digits' },
  bathrooms: { label: 'listing.bathrooms', kind: 'digits' },
  toilets: { label: 'listing.toilets', kind: 'digits' },
  transmission: { label: 'listing.transmission', maxLength: ASSET_DETAIL_MAX_LENGTH },
  fuel: { label: 'listing.fuel', maxLength: ASSET_DETAIL_MAX_LENGTH },
  warranty: { label: 'listing.warranty', maxLength: WARRANTY_MAX_LENGTH },
  rentalPrice: { label: 'listing.rentalPrice', kind: 'digits' },
  rentDuration: { label: 'listing.rentDuration', maxLength: ASSET_DETAIL_MAX_LENGTH },
  size: { label: 'listing.size', maxLength: ASSET_DETAIL_MAX_LENGTH },
  condition: { label: 'listing.condition', maxLength: ASSET_DETAIL_MAX_LENGTH },
  sizeCloth: { label: 'listing.sizeCloth', maxLength: CLOTHES_SIZE_MAX_LENGTH },
  commission: { label: 'lister.commission', kind: 'digits' },
  viewingFee: { label: 'lister.viewingFee', kind: 'digits' },
} satisfies Record<string, FieldSpec>;

type ListingFieldName = keyof typeof LISTING_FIELDS;

/** What a listing form holds and what its last answer said, field by field. */
export type ListingFormState = {
  values: Partial<Record<ListingFieldName | 'description', string | number | null>> &
    Partial<Record<'certified' | 'inspected', boolean | null>>;
  errors: Record<string, string>;
};

/**
 * One text field of a listing form, by name; `label` and `kind` where a form differs. Most of a
 * listing form is optional, so a required field is also marked in its label.
 */
export function ListingField({
  name,
  form,
  label,
  kind,
  placeholder,
  isRequired,
  isCompact,
}: {
  name: ListingFieldName;
  form: ListingFormState;
  /** The form's own label, where it differs (the request form's 'Budget Price'). */
  label?: string;
  kind?: FieldSpec['kind'];
  placeholder?: string;
  isRequired?: boolean;
  isCompact?: boolean;
}) {
  const spec: FieldSpec = LISTING_FIELDS[name];
  return (
    <TextField
      name={name}
      label={label ?? t(spec.label)}
      value={form.values[name]}
      error={form.errors[name]}
      kind={kind ?? spec.kind}
      maxLength={spec.maxLength}
      autoComplete={spec.autoComplete}
      placeholder={placeholder ?? (spec.placeholder && t(spec.placeholder))}
      hint={spec.hint && t(spec.hint)}
      isRequired={isRequired}
      hasRequiredMark={isRequired}
      isCompact={isCompact}
    />
  );
}

/** A listing's description, across the form's width. */
export function DescriptionField({ form, rows = 4 }: { form: ListingFormState; rows?: number }) {
  return (
    <div className="sm:col-span-2">
      <FormField
        name="description"
        label={t('listing.description')}
        error={form.errors.description}
      >
        {(props) => (
          <textarea
            {...props}
            rows={rows}
            maxLength={DESCRIPTION_MAX_LENGTH}
            defaultValue={form.values.description ?? undefined}
          />
        )}
      </FormField>
    </div>
  );
}
