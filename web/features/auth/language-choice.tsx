import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LOCALE_NAMES, LOCALES, type Locale } from "#contract/i18n/locales";
import { FormField } from "../../components/ui/form-field";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { read, signedInApi } from "../../lib/api";
import { meQuery } from "../../lib/auth/me-query";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";

/**
 * The member's language (issue 46): every email to them is written in it. Saved as soon as it is picked; the page
 * itself stays at its address, in the language it is read in.
 */
export function LanguageChoice({ locale }: { locale: Locale }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (next: Locale) => read(signedInApi.api.me.locale.$put({ json: { locale: next } })),
    onSuccess: (me) => {
      queryClient.setQueryData(meQuery().queryKey, me);
      toast({ title: t("account.language.saved") });
    },
    onError: (err) =>
      toast({ title: t("account.language.failed"), description: errorText(err), variant: "destructive" }),
  });
  return (
    <FormField label={t("account.language.title")} hint={t("account.language.hint")} className="mt-10 max-w-md">
      <Select
        value={save.isPending && save.variables ? save.variables : locale}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
