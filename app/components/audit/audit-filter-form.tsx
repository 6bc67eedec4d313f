/** /admin/audit's filters: partner, month, since and action, submitted as the URL's query. */
import { Button, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { AuditPartner } from "#domain/audit/audit-service.ts";

const selectStyle = {
  height: "var(--space-6)",
  minWidth: 180,
  maxWidth: "100%",
  padding: "0 var(--space-2)",
  border: "1px solid var(--gray-a7)",
  borderRadius: "var(--radius-2)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  fontSize: "var(--font-size-2)",
  fontFamily: "inherit",
} as const;

export function partnerLabel(partner: AuditPartner): string {
  const name = partner.name ?? `Partner #${partner.id}`;
  return partner.exists ? name : `${name} (deleted)`;
}

export function FilterForm({
  partners,
  form,
}: {
  partners: AuditPartner[];
  form: { partnerId: string; month: string; since: string };
}) {
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location?.pathname === "/admin/audit";
  const any = Boolean(form.partnerId || form.month || form.since);
  return (
    <Card size="2" mb="4">
      {/* A plain GET form: the filters live in the URL and work before any JavaScript has loaded. */}
      {/* Keyed by the filters, so the fields show the URL's values again after Clear, Back or a link. */}
      <Form
        key={`${form.partnerId}|${form.month}|${form.since}`}
        method="get"
        role="search"
        aria-label="Filter the audit trail"
      >
        <Flex gap="3" align="end" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="audit-partner">
              Partner
            </Text>
            <select id="audit-partner" name="partnerId" defaultValue={form.partnerId} style={selectStyle}>
              <option value="">All partners</option>
              {partners.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {partnerLabel(p)}
                </option>
              ))}
            </select>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="audit-month">
              Business month
            </Text>
            <TextField.Root
              id="audit-month"
              name="month"
              type="month"
              placeholder="YYYY-MM"
              defaultValue={form.month}
              style={{ minWidth: 170 }}
            />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="audit-since">
              Changed since
            </Text>
            <TextField.Root
              id="audit-since"
              name="since"
              type="date"
              defaultValue={form.since}
              style={{ minWidth: 170 }}
            />
          </Flex>
          <Flex gap="2">
            <Button type="submit" loading={filtering}>
              Apply
            </Button>
            {any ? (
              <Button asChild variant="soft" color="gray">
                <Link to="/admin/audit">Clear</Link>
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
