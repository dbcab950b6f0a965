import { useEffect, useState } from 'preact/hooks';
import type { UploadedImage } from '../api/types.ts';
import { useConsole } from '../context.ts';
import { CopyButton, Field, PageTitle, ReadOnlyNotice, WriteButton } from '../ui/components.tsx';
import { FormErrors } from '../ui/FormErrors.tsx';
import { useAction } from '../ui/hooks.ts';
import { CatalogNav } from './CatalogNav.tsx';

const acceptedTypes = ['image/png', 'image/jpeg', 'image/webp'];
const maxBytes = 5 * 1024 * 1024;

/** Checks what the API would refuse anyway, so the person learns it before a 5 MB upload. */
export function imageProblem(file: { type: string; size: number }): string | undefined {
  if (!acceptedTypes.includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > maxBytes) return 'The image is larger than 5 MB.';
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
    announce(`Image uploaded: ${result.id}.`);
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
        Upload an image, then add its id to an item's image ids. Partners load images through the partner API
        only.
      </p>
      <form
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
          hint="PNG, JPEG or WebP, at most 5 MB."
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
      </form>
      {uploaded.length > 0 && (
        <section aria-labelledby="uploaded">
          <h2 id="uploaded">Uploaded in this session</h2>
          <ul>
            {uploaded.map((image) => (
              <li key={image.id}>
                <code>{image.id}</code> <CopyButton text={image.id} label={`Copy id ${image.id}`} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
