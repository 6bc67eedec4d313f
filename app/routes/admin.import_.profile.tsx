/**
 * /admin/import/profile, Map columns: a file the import refused for its headers, shown as its first
 * rows with the form that maps its columns once; saved as a named import profile, after which the
 * import page previews the file through it. The file is the one the import page kept (upload store),
 * so the page works without the scripts: nothing has to be uploaded again.
 */
import { Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { ArrowLeftIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "#app/components/page.tsx";
import { FirstRows } from "#app/components/imports/first-rows.tsx";
import { ProfileMappingForm } from "#app/components/imports/profile-mapping-form.tsx";
import { requireAdmin } from "#app/utils/session.server.ts";
import { mappingPage, MappingRefused, saveMapping } from "#app/utils/profile-mapping.server.ts";

export const meta: MetaFunction = () => [{ title: "Map Columns · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    return { page: await mappingPage(new URL(request.url)), error: null };
  } catch (error) {
    if (error instanceof MappingRefused) return data({ page: null, error: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return saveMapping(await request.formData(), admin.id);
}

function BackToImport() {
  return (
    <Button asChild variant="soft" color="gray">
      <Link to="/admin/import">
        <ArrowLeftIcon /> Back to Import Exports
      </Link>
    </Button>
  );
}

function Problem({ children }: { children: string }) {
  return (
    <Callout.Root color="red" role="alert" mb="4">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

export default function MapColumnsPage() {
  const { page, error } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (!page)
    return (
      <Page title="Map Columns" actions={<BackToImport />}>
        <Problem>{error ?? "Choose the file again on Import Exports"}</Problem>
      </Page>
    );
  const values = reply?.values ?? page.defaults;
  const rowChooser = (
    <Form method="get" aria-label="Header row">
      <input type="hidden" name="file" value={page.key} />
      <input type="hidden" name="name" value={page.fileName} />
      <Flex gap="3" align="end" wrap="wrap">
        <label>
          <Text as="div" size="2" weight="medium" mb="1">
            The headers are on row
          </Text>
          <select name="row" defaultValue={String(page.headerRow)} className="vb-native-select" key={page.headerRow}>
            {Array.from({ length: page.rowChoices }, (_, i) => (
              <option key={i} value={String(i + 1)}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="soft">
          Show this row&apos;s headers
        </Button>
      </Flex>
    </Form>
  );
  return (
    <Page
      title="Map Columns"
      description={`${page.fileName} is not laid out as the import expects. Say once which column holds each field: the answer is saved as a named import profile, and the next file with the same headers is read with it.`}
      actions={<BackToImport />}
    >
      {reply?.error ? <Problem>{reply.error}</Problem> : null}
      <Card size={{ initial: "2", sm: "3" }} mb="4">
        <Heading as="h2" size="3" mb="3">
          First rows of {page.fileName}
        </Heading>
        <FirstRows fileName={page.fileName} rows={page.rows} headerRow={page.headerRow} />
      </Card>
      <ProfileMappingForm
        file={page.key}
        fileName={page.fileName}
        headerRow={page.headerRow}
        headers={page.headers}
        statusValues={page.statusValues}
        values={values}
        errors={reply?.fieldErrors}
        rowChooser={rowChooser}
      />
    </Page>
  );
}
