import { useEffect, useState } from 'preact/hooks';
import type { UploadedImage } from '../api/types.ts';
import { useConsole } from '../context.ts';
import {
  CopyButton,
  Field,
  PageTitle,
  ReadOnlyNotice,
  ScrollRegion,
  WriteButton,
  WriteForm,
} from '../ui/components.tsx';
import { FormErrors } from '../ui/FormErrors.tsx';
import { useAction } from '../ui/hooks.ts';
import { CatalogNav } from './CatalogNav.tsx';

const acceptedTypes = ['image/png', 'image/jpeg', 'image/webp'];
/** The direct upload takes at most 4 MiB (docs/catalog-admin.md, Images). */
const maxBytes = 4 * 1024 * 1024;

/** Checks what the API would refuse anyway, so the person learns it before sending the file. */
export function imageProblem(file: { type: string; size: number }): string | undefined {
  if (!acceptedTypes.includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > maxBytes) return 'The image is larger than 4 MiB.';
  return undefined;
}

export function CatalogImagesPage() {
  const { api, announce } = useConsole();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [uploaded, setUploaded] = useState<UploadedImage[]>([]);
  const problem = file ? imageProblem(file) : undefined;
  const upload = useAction(async (image: File) => {
    const result = await api.uploadImage(image);
    setUploaded((list) => [result, ...list]);
    announce(`Image uploaded: ${result.image_id}.`);
    return result;
  });

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <>
      <PageTitle>Catalog: images</PageTitle>
      <CatalogNav current="images" />
      <ReadOnlyNotice />
      <p>
        Upload an image, then use its id in an item's <code>images</code> (
        <code>{'{"image_id": "…", "sort": 1, "enabled": true}'}</code>). The same file uploaded again gets the
        same id. Partners load images through the partner API only.
      </p>
      <WriteForm
        onSubmit={(event) => {
          event.preventDefault();
          if (file && !problem) void upload.run(file);
        }}
        noValidate
      >
        <FormErrors state={upload.state} errors={[]} />
        <Field
          id="image-file"
          label="Image file"
          hint="PNG, JPEG or WebP, at most 4 MiB."
          errors={problem ? [problem] : undefined}
        >
          {(aria) => (
            <input
              {...aria}
              type="file"
              accept={acceptedTypes.join(',')}
              onChange={(e) => setFile(e.currentTarget.files?.[0])}
            />
          )}
        </Field>
        {preview && !problem && <img class="preview" src={preview} alt="Preview of the chosen file" />}
        <WriteButton
          type="submit"
          running={upload.state.status === 'running'}
          disabled={!file || Boolean(problem)}
        >
          Upload image
        </WriteButton>
      </WriteForm>
      {uploaded.length > 0 && (
        <section aria-labelledby="uploaded">
          <h2 id="uploaded">Uploaded in this session</h2>
          <ScrollRegion label="Uploaded images table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Image id</th>
                  <th scope="col">Type</th>
                  <th scope="col">Size</th>
                  <th scope="col">Pixels</th>
                </tr>
              </thead>
              <tbody>
                {uploaded.map((image) => (
                  <tr key={image.image_id}>
                    <th scope="row">
                      <code>{image.image_id}</code>{' '}
                      <CopyButton text={image.image_id} label={`Copy id ${image.image_id}`} />
                    </th>
                    <td>{image.content_type}</td>
                    <td>{image.bytes} bytes</td>
                    <td>
                      {image.width} × {image.height}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
    </>
  );
}
